import { useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { formatDate, messages } from '@medenglish/shared';
import { CardBodySkeleton, SectionCard } from '../../components/section-card';
import type { DashboardContext } from './use-dashboard-context';
import { useSortedNotifications } from './use-sorted-notifications';

const t = messages.dashboard;

/** How many notifications the card shows before 'see all': whole messages, never one cut in half. */
export const NOTIFICATIONS_SHOWN = 3;

/** SPEC §2 notifications list, newest first, or 'Pas de notification.'. */
export function NotificationsCard({ user, timeZone }: DashboardContext) {
  const { notifications, isPending } = useSortedNotifications(user._id, user.company);
  const [showAll, setShowAll] = useState(false);
  const shown = showAll ? notifications : notifications.slice(0, NOTIFICATIONS_SHOWN);
  const hidden = notifications.length - NOTIFICATIONS_SHOWN;
  return (
    <SectionCard title={t.notificationsCard}>
      {isPending ? (
        <CardBodySkeleton />
      ) : notifications.length === 0 ? (
        <Typography color="text.secondary">{t.noNotification}</Typography>
      ) : (
        <>
          <Box component="ul" id="dashboard-notifications" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {shown.map((n) => (
              <Box component="li" key={n.id} sx={{ py: 1, borderBottom: 1, borderColor: 'divider' }}>
                <Typography>{n.message}</Typography>
                <Typography variant="body2" color="text.secondary">
                  {formatDate(n.created_at, timeZone)}
                </Typography>
              </Box>
            ))}
          </Box>
          {hidden > 0 && (
            <Button
              onClick={() => setShowAll((all) => !all)}
              aria-expanded={showAll}
              aria-controls="dashboard-notifications"
              sx={{ mt: 1 }}
            >
              {showAll ? t.fewerNotifications : t.allNotifications(notifications.length)}
            </Button>
          )}
        </>
      )}
    </SectionCard>
  );
}
