import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { messages } from '@medenglish/shared';
import { visuallyHidden } from '../../components/visually-hidden';
import { CardBodySkeleton } from '../../components/section-card';

const sizes = [
  { xs: 12, md: 6, lg: 4 },
  { xs: 12, md: 6, lg: 4 },
  { xs: 12, md: 12, lg: 4 },
  { xs: 12, md: 4 },
  { xs: 12, md: 4 },
  { xs: 12, md: 4 },
] as const;

/** The dashboard's shape while the learner and their groups load (SPEC §2: a skeleton, no spinner). */
export function DashboardSkeleton() {
  return (
    <Stack spacing={3} aria-busy="true">
      <span role="status" style={visuallyHidden}>
        {messages.common.loading}
      </span>
      <Skeleton variant="text" width={260} sx={{ fontSize: '1.6rem' }} />
      <Grid container spacing={2}>
        {sizes.map((size, i) => (
          <Grid key={i} size={size}>
            <Card variant="outlined">
              <CardContent>
                <Skeleton variant="text" width="50%" sx={{ fontSize: '1.25rem', mb: 1 }} />
                <CardBodySkeleton circle={i >= 3} lines={i >= 3 ? 1 : 3} />
              </CardContent>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
