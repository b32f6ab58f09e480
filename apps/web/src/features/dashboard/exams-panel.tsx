import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { formatDateTime, messages, type GroupExam } from '@medenglish/shared';

const t = messages.dashboard;

/** The Exams tab: at most 3 upcoming exams (group, modality, date and time), or an empty text. */
export function ExamsPanel({ exams, timeZone }: { exams: readonly GroupExam[]; timeZone: string }) {
  if (exams.length === 0) return <Typography color="text.secondary">{t.noExam}</Typography>;
  return (
    <>
      <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0, display: 'grid', gap: 1 }}>
        {exams.map((item, i) => (
          <Box
            component="li"
            key={`${item.groupId}-${item.exam.examBegin}-${i}`}
            sx={{ borderLeft: 3, borderColor: 'secondary.main', pl: 1.5, py: 0.25 }}
          >
            <Typography sx={{ fontWeight: 700 }}>{item.groupName}</Typography>
            <Typography variant="body2">
              <Box component="span" sx={{ color: 'text.secondary' }}>
                {t.examDate} :{' '}
              </Box>
              {formatDateTime(item.exam.examBegin ?? '', timeZone)}
            </Typography>
            {item.exam.modality && (
              <Typography variant="body2">
                <Box component="span" sx={{ color: 'text.secondary' }}>
                  {t.examModality} :{' '}
                </Box>
                {item.exam.modality}
              </Typography>
            )}
          </Box>
        ))}
      </Box>
      <Link
        component={RouterLink}
        to="/elearning/exam"
        sx={{ display: 'inline-block', mt: 1.5, fontWeight: 600 }}
      >
        {t.examLink}
      </Link>
    </>
  );
}
