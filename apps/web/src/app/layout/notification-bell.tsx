import { useId, useState } from 'react';
import dayjs from 'dayjs';
import Badge from '@mui/material/Badge';
import IconButton from '@mui/material/IconButton';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Popover from '@mui/material/Popover';
import Typography from '@mui/material/Typography';
import { messages, type Notification } from '@medenglish/shared';
import { BellIcon } from '../../components/icons';

/** Past this count the badge shows "99+". */
const BADGE_MAX = 99;

/** SPEC §2 header: the bell with a count badge; opens the learner's notifications. */
export function NotificationBell({ notifications }: { notifications: readonly Notification[] }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const popoverId = useId();
  const titleId = useId();
  const count = notifications.length;
  // The name starts with the number the badge shows (WCAG 2.5.3 "label in name").
  const badge = count > BADGE_MAX ? `${BADGE_MAX}+` : String(count);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={messages.shell.notificationsButton(badge)}
        aria-haspopup="dialog"
        aria-controls={anchor ? popoverId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <Badge badgeContent={count} color="secondary" max={BADGE_MAX}>
          <BellIcon />
        </Badge>
      </IconButton>
      <Popover
        id={popoverId}
        open={Boolean(anchor)}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { width: 340, maxWidth: 'calc(100vw - 32px)' },
          },
        }}
      >
        <Typography id={titleId} component="h2" variant="subtitle1" sx={{ px: 2, pt: 1.5, fontWeight: 700 }}>
          {messages.shell.notifications}
        </Typography>
        {count === 0 ? (
          <Typography sx={{ px: 2, py: 1.5 }}>{messages.shell.noNotification}</Typography>
        ) : (
          // A list that scrolls must be reachable by keyboard to be scrolled (WCAG 2.1.1).
          <List dense tabIndex={0} aria-labelledby={titleId} sx={{ maxHeight: 360, overflow: 'auto' }}>
            {notifications.map((notification) => (
              <ListItem key={notification.id} divider>
                <ListItemText
                  primary={notification.message}
                  secondary={dayjs(notification.created_at).format('DD/MM/YYYY')}
                />
              </ListItem>
            ))}
          </List>
        )}
      </Popover>
    </>
  );
}
