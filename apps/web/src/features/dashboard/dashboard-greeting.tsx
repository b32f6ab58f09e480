import { useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { greeting } from '@medenglish/shared';

/**
 * SPEC §2/§9 greeting: New Year before 15 January, Christmas from 24 December, else one of the
 * everyday greetings, drawn once when the dashboard opens; the day is the server's (the browser's
 * while GET /time fails, rather than a skeleton that never ends).
 */
export function DashboardGreeting({ firstname, today }: { firstname: string; today: string | undefined }) {
  const [random] = useState(Math.random);
  if (!today) return <Skeleton variant="text" width={260} sx={{ fontSize: '1.6rem' }} />;
  return (
    <Typography component="h2" variant="h2">
      {greeting(today, firstname, random)}
    </Typography>
  );
}
