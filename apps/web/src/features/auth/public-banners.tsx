import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { holidayMessage, maintenanceMessage, type PublicConfig } from '@medenglish/shared';

/** The maintenance banner's id: a login refused for maintenance points the learner to it. */
export const MAINTENANCE_BANNER_ID = 'maintenance-banner';

/**
 * SPEC §9: the maintenance banner while the platform is closed and the holiday notice of the
 * support service, worded by the shared rules in the interface's language (the server's dates).
 */
export function PublicBanners({ config }: { config: PublicConfig | undefined }) {
  if (!config) return null;
  const { maintenance, holiday } = config;
  if (!maintenance.active && !holiday.active) return null;
  return (
    <Stack spacing={1}>
      {maintenance.active && (
        <Alert id={MAINTENANCE_BANNER_ID} severity="warning" role="status" tabIndex={-1}>
          {maintenanceMessage(maintenance)}
        </Alert>
      )}
      {holiday.active && (
        <Alert severity="info" role="status">
          {holidayMessage(holiday)}
        </Alert>
      )}
    </Stack>
  );
}
