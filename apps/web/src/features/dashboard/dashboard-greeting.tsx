import { useState } from 'react';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { greeting } from '@medenglish/shared';
import { takeGreetingRandom } from '../../lib/first-screen';

/**
 * SPEC §2/§9 greeting: New Year before 15 January, Christmas from 24 December, else one of the
 * everyday greetings, drawn once when the dashboard opens; the day is the server's (the browser's
 * while GET /time fails, rather than a skeleton that never ends). The first dashboard of a visit uses
 * the server's draw, so the words match those of the cards it wrote into the page (lib/first-screen).
 */
export function DashboardGreeting({ firstname, today }: { firstname: string; today: string | undefined }) {
  const [random] = useState(() => takeGreetingRandom() ?? Math.random());
  if (!today) return <Skeleton variant="text" width={260} sx={{ fontSize: '1.6rem' }} />;
  return (
    <Typography component="h2" variant="h2">
      {greeting(today, firstname, random)}
    </Typography>
  );
}
