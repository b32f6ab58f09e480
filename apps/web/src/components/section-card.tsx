import { useId, type ComponentType, type ReactNode } from 'react';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { SvgIconProps } from '@mui/material/SvgIcon';

interface SectionCardProps {
  title: string;
  icon?: ComponentType<SvgIconProps>;
  /** Shown right of the title (a badge, a small action). */
  aside?: ReactNode;
  children: ReactNode;
}

/** A titled card (dashboard, results): a <section> named by its heading (SPEC §2 cards; WCAG landmarks). */
export function SectionCard({ title, icon: Icon, aside, children }: SectionCardProps) {
  const id = useId();
  return (
    <Card
      component="section"
      aria-labelledby={id}
      variant="outlined"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          {Icon && (
            <Box sx={{ color: 'primary.main', display: 'flex' }}>
              <Icon />
            </Box>
          )}
          <Typography id={id} component="h2" variant="h6" sx={{ fontWeight: 700, flex: 1, lineHeight: 1.3 }}>
            {title}
          </Typography>
          {aside}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}

/** The skeleton of a card's body while its data loads (SPEC §2 "A skeleton is shown while loading"). */
export function CardBodySkeleton({ lines = 3, circle = false }: { lines?: number; circle?: boolean }) {
  return (
    <Stack spacing={1} aria-hidden data-testid="card-skeleton">
      {circle && <Skeleton variant="circular" width={112} height={112} sx={{ alignSelf: 'center' }} />}
      {Array.from({ length: lines }, (_, i) => (
        <Skeleton key={i} variant="text" width={i === lines - 1 ? '60%' : '100%'} />
      ))}
    </Stack>
  );
}
