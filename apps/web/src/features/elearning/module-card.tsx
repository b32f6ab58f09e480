import { useId } from 'react';
import { Link as RouterLink } from 'react-router';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { messages, type CourseModule } from '@medenglish/shared';
import { BookIcon } from '../../components/icons';
import { modulePath, type CourseRouteState } from './unit-view';
import { CardThumbnail } from '../../components/card-thumbnail';

const t = messages.elearning;

/**
 * SPEC §2 /elearning/course: one module with its thumbnail, title and progress bar. The title is
 * the link, stretched over the whole card so that a tap anywhere opens the module; the progress bar
 * stays outside the link, so that it keeps its own name and value.
 */
export function ModuleCard({ module }: { module: CourseModule }) {
  const titleId = useId();
  const percent = Math.round(module.progress * 10) / 10;
  return (
    <Card
      component="article"
      aria-labelledby={titleId}
      variant="outlined"
      sx={{
        position: 'relative',
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        transition: 'border-color 120ms',
        '&:hover': { borderColor: 'primary.main' },
      }}
    >
      <CardThumbnail src={module.thumbnail} Icon={BookIcon} />
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1 }}>
        <Typography id={titleId} component="h2" variant="h6" sx={{ fontWeight: 700, lineHeight: 1.3 }}>
          <Link
            component={RouterLink}
            to={modulePath(module)}
            state={{ title: module.name } satisfies CourseRouteState}
            underline="hover"
            color="inherit"
            sx={{ '&::after': { content: '""', position: 'absolute', inset: 0 } }}
          >
            {module.name}
          </Link>
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t.unitsCount(module.units.length)}
        </Typography>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mt: 'auto' }}>
          <LinearProgress
            variant="determinate"
            value={Math.min(100, Math.max(0, percent))}
            aria-label={t.moduleProgress(module.name, percent)}
            sx={{ flex: 1, height: 8, borderRadius: 4 }}
          />
          <Typography
            aria-hidden
            variant="body2"
            sx={{ fontWeight: 700, minWidth: '4.5ch', textAlign: 'right' }}
          >
            {messages.progress.percent(percent)}
          </Typography>
        </Box>
      </CardContent>
    </Card>
  );
}
