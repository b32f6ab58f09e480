import Box from '@mui/material/Box';
import type { UnitStatus } from '@medenglish/shared';
import { CheckCircleIcon } from '../../components/icons';
import { InProgressIcon, NotStartedIcon, PassedIcon } from './elearning-icons';
import { unitStatusLabel, type UnitStatusView } from './unit-view';

const look: Record<UnitStatus, { Icon: typeof CheckCircleIcon; color: string }> = {
  notStarted: { Icon: NotStartedIcon, color: 'text.secondary' },
  inProgress: { Icon: InProgressIcon, color: 'warning.main' },
  completed: { Icon: CheckCircleIcon, color: 'success.main' },
  passed: { Icon: PassedIcon, color: 'primary.main' },
};

/** A unit's status (SPEC §4): an icon for the eye and the words for everyone. */
export function UnitStatusText({ view }: { view: UnitStatusView }) {
  const { Icon, color } = look[view.status];
  return (
    <Box
      component="span"
      data-status={view.status}
      sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, color: 'text.secondary' }}
    >
      <Icon sx={{ fontSize: '1.1rem', color }} />
      <span>{unitStatusLabel(view)}</span>
    </Box>
  );
}
