import Typography from '@mui/material/Typography';
import { formatDate, messages } from '@medenglish/shared';
import { BellIcon } from '../../components/icons';
import { CardBodySkeleton, SectionCard } from '../../components/section-card';
import type { DashboardContext } from './use-dashboard-context';
import { useSortedNotifications } from './use-sorted-notifications';

const t = messages.dashboard;

/** SPEC §2 latest notification, or 'Pas de notification.'. */
export function LatestNotificationCard({ user, timeZone }: DashboardContext) {
  const { notifications, isPending } = useSortedNotifications(user._id, user.company);
  const latest = notifications[0];
  return (
    <SectionCard title={t.latestNotificationCard} icon={BellIcon}>
      {isPending ? (
        <CardBodySkeleton lines={2} />
      ) : latest ? (
        <>
          <Typography sx={{ fontSize: '1.05rem' }}>{latest.message}</Typography>
          <Typography variant="body2" color="text.secondary">
            {formatDate(latest.created_at, timeZone)}
          </Typography>
        </>
      ) : (
        <Typography color="text.secondary">{t.noNotification}</Typography>
      )}
    </SectionCard>
  );
}
