import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { formatDate, messages } from '@medenglish/shared';
import { CardBodySkeleton, SectionCard } from '../../components/section-card';
import type { DashboardContext } from './use-dashboard-context';
import { useSortedNotifications } from './use-sorted-notifications';

const t = messages.dashboard;

/** SPEC §2 notifications list, newest first, or 'Pas de notification.'. */
export function NotificationsCard({ user, timeZone }: DashboardContext) {
  const { notifications, isPending } = useSortedNotifications(user._id, user.company);
  return (
    <SectionCard title={t.notificationsCard}>
      {isPending ? (
        <CardBodySkeleton />
      ) : notifications.length === 0 ? (
        <Typography color="text.secondary">{t.noNotification}</Typography>
      ) : (
        <Box
          component="ul"
          sx={{ listStyle: 'none', m: 0, p: 0, maxHeight: 320, overflowY: 'auto' }}
          // A scrolling region must be reachable by keyboard (WCAG 2.1.1).
          tabIndex={notifications.length > 4 ? 0 : undefined}
          aria-label={notifications.length > 4 ? t.notificationsCard : undefined}
        >
          {notifications.map((n) => (
            <Box component="li" key={n.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
              <Typography>{n.message}</Typography>
              <Typography variant="body2" color="text.secondary">
                {formatDate(n.created_at, timeZone)}
              </Typography>
            </Box>
          ))}
        </Box>
      )}
    </SectionCard>
  );
}
