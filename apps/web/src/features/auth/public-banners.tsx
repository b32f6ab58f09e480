import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { holidayMessage, maintenanceMessage, type PublicConfig } from '@medenglish/shared';

/**
 * SPEC §9: the maintenance banner while the platform is closed and the holiday notice of the
 * support service. The server's texts win; the shared rules rebuild them if a field is empty.
 */
export function PublicBanners({ config }: { config: PublicConfig | undefined }) {
  if (!config) return null;
  const { maintenance, holiday } = config;
  if (!maintenance.active && !holiday.active) return null;
  return (
    <Stack spacing={1}>
      {maintenance.active && (
        <Alert severity="warning" role="status">
          {maintenance.message || maintenanceMessage(maintenance)}
        </Alert>
      )}
      {holiday.active && (
        <Alert severity="info" role="status">
          {holiday.message || holidayMessage(holiday)}
        </Alert>
      )}
    </Stack>
  );
}
