import { Link as RouterLink } from 'react-router';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Toolbar from '@mui/material/Toolbar';
import Typography from '@mui/material/Typography';
import { messages, type Group, type Notification } from '@medenglish/shared';
import { LogoMark, MenuIcon } from '../../components/icons';
import { AccountMenu } from './account-menu';
import { GroupSelector } from './group-selector';
import { NotificationBell } from './notification-bell';

export interface AppHeaderProps {
  title: string;
  /** On wide screens the permanent menu sits under the header; on phones the drawer covers it. */
  aboveMenu: boolean;
  showMenuButton: boolean;
  menuOpen: boolean;
  onOpenMenu(): void;
  /** Below 450 px the group selector moves into the menu. */
  showGroupSelector: boolean;
  groups: readonly Group[];
  currentGroupId: string | undefined;
  onGroupChange(groupId: string): void;
  notifications: readonly Notification[];
}

export const SIDE_MENU_ID = 'side-menu';

/** SPEC §2 header: page title, logo link, group selector, notifications, account menu. */
export function AppHeader(props: AppHeaderProps) {
  return (
    <AppBar
      position="fixed"
      color="inherit"
      sx={{
        zIndex: (theme) => (props.aboveMenu ? theme.zIndex.drawer + 1 : theme.zIndex.appBar),
        bgcolor: 'background.paper',
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      <Toolbar sx={{ gap: { xs: 0.5, sm: 1.5 }, px: { xs: 1, sm: 2 } }}>
        {props.showMenuButton && (
          <IconButton
            color="inherit"
            edge="start"
            aria-label={messages.shell.openMenu}
            aria-controls={SIDE_MENU_ID}
            aria-expanded={props.menuOpen}
            onClick={props.onOpenMenu}
          >
            <MenuIcon />
          </IconButton>
        )}
        <Box
          component={RouterLink}
          to="/dashboard"
          aria-label={messages.shell.home}
          sx={{
            display: 'flex',
            alignItems: 'center',
            gap: 1,
            color: 'primary.main',
            textDecoration: 'none',
            borderRadius: 1,
          }}
        >
          <LogoMark sx={{ fontSize: 34 }} />
          <Typography
            component="span"
            sx={{ display: { xs: 'none', md: 'inline' }, fontWeight: 700, fontSize: '1.15rem' }}
          >
            {messages.common.appName}
          </Typography>
        </Box>
        <Typography
          component="h1"
          noWrap
          sx={{
            flex: 1,
            minWidth: 0,
            fontWeight: 700,
            fontSize: { xs: '1.05rem', sm: '1.25rem' },
            ml: { md: 3 },
          }}
        >
          {props.title}
        </Typography>
        {props.showGroupSelector && (
          <GroupSelector groups={props.groups} value={props.currentGroupId} onChange={props.onGroupChange} />
        )}
        <NotificationBell notifications={props.notifications} />
        <AccountMenu />
      </Toolbar>
    </AppBar>
  );
}
