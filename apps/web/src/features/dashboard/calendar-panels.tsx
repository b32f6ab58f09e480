import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDay, formatHoursMinutes, messages, shownSemester, type Group } from '@medenglish/shared';
import { useCompanyData } from '../../api/company-data';
import { CardBodySkeleton } from '../../components/section-card';

const t = messages.dashboard;

/** Label/value pairs as a description list, each label above its value. */
function Facts({ items }: { items: readonly (readonly [string, string])[] }) {
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'repeat(auto-fit, minmax(120px, 1fr))', gap: 1.5 }}
    >
      {items.map(([label, value]) => (
        <div key={label}>
          <Typography component="dt" variant="body2" color="text.secondary">
            {label}
          </Typography>
          <Typography component="dd" sx={{ m: 0, fontWeight: 700, fontSize: '1.05rem' }}>
            {value}
          </Typography>
        </div>
      ))}
    </Box>
  );
}

/**
 * SPEC §4 "The shown semester is the current one and becomes the next once the current end date
 * has passed", with its dates DD/MM/YYYY.
 */
export function SemesterPanel({
  companyId,
  semester,
  today,
}: {
  companyId: string;
  semester: number | null;
  today: string | undefined;
}) {
  const { data, isPending, isError } = useCompanyData(companyId);
  if (!isError && (isPending || !today)) return <CardBodySkeleton />;
  const shown = data && today ? shownSemester(data.semesters, today, semester) : undefined;
  if (!shown) return <Typography color="text.secondary">{t.noSemester}</Typography>;
  return (
    <>
      <Typography component="p" variant="h6" sx={{ fontWeight: 700 }}>
        {t.semesterName(shown.semester)}
      </Typography>
      <Facts
        items={[
          [t.semesterBegin, formatDay(shown.beginDate)],
          [t.semesterEnd, formatDay(shown.endDate)],
        ]}
      />
    </>
  );
}

/**
 * The Course tab of a company account: the current path and its e-learning duration ("not set"
 * rather than 00h00 for a path without one).
 */
export function CoursePanel({ group }: { group: Group }) {
  const duration = group.elearning.elearningDuration;
  return (
    <Facts
      items={[
        [t.coursePath, group.name],
        [t.courseDuration, duration ? formatHoursMinutes(duration) : t.noCourseDuration],
      ]}
    />
  );
}
