import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages, type Group } from '@medenglish/shared';

type ExamOption = Group['elearning']['elearningOptions'][number];

/**
 * The exams planned for the group: every option with a start date, earliest first. Type 0 means
 * "no written exam this semester" (SPEC §2 /elearning/exam), so it is not listed as an exam.
 */
export function plannedExams(options: readonly ExamOption[]): (ExamOption & { examBegin: string })[] {
  return options
    .filter((o): o is ExamOption & { examBegin: string } => o.type !== 0 && o.examBegin !== null)
    .sort((a, b) => Date.parse(a.examBegin) - Date.parse(b.examBegin));
}

/** SPEC §9: dates DD/MM/YYYY HH:mm, in the display time zone. */
export function GroupExams({ options, timeZone }: { options: readonly ExamOption[]; timeZone: string }) {
  const exams = plannedExams(options);
  if (exams.length === 0) return <Typography color="text.secondary">{messages.group.noExam}</Typography>;
  return (
    <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1.5 }}>
      {exams.map((exam, index) => (
        <Box
          component="li"
          key={`${exam.activityId ?? ''}-${exam.examBegin}-${index}`}
          sx={{ borderLeft: 4, borderColor: 'primary.main', pl: 1.5, py: 0.5 }}
        >
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
            <Typography component="span" sx={{ fontWeight: 700 }}>
              {messages.group.examTypes[exam.type] ?? messages.group.examTypes[1]}
            </Typography>
            {exam.catchUp && <Chip size="small" variant="outlined" label={messages.group.catchUp} />}
          </Box>
          <Typography variant="body2" color="text.secondary" sx={{ fontVariantNumeric: 'tabular-nums' }}>
            {[
              messages.group.examStart(formatDateTime(exam.examBegin, timeZone)),
              exam.examEnd && messages.group.examEnd(formatDateTime(exam.examEnd, timeZone)),
            ]
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
