import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import Box from '@mui/material/Box';
import Collapse from '@mui/material/Collapse';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import { messages, type Group } from '@medenglish/shared';
import {
  DarkModeIcon,
  ExpandLessIcon,
  ExpandMoreIcon,
  LogoutIcon,
  TranslateIcon,
} from '../../components/icons';
import { SwitchIndicator } from '../../components/switch-indicator';
import { logout } from '../../lib/logout';
import { useColorMode } from '../color-mode';
import { useLanguageChoice } from '../../components/use-language-choice';
import { GroupSelector } from './group-selector';
import { isActivePath, menuEntries, placementEntry, type MenuLink, type MenuSection } from './menu-items';

export interface SideMenuProps {
  /** Below 900 px the menu is a drawer and also lists Profile. */
  inDrawer: boolean;
  /** Below 450 px the menu also offers dark mode, the change of semester and logout. */
  narrow: boolean;
  activatedEvaluo: boolean;
  groups: readonly Group[];
  currentGroupId: string | undefined;
  onGroupChange(groupId: string): void;
  /** Called after a link is followed, so that the drawer closes. */
  onNavigate(): void;
  /**
   * During the placement test every other page leads back to /test: the menu offers only the
   * test (and the narrow screen's extras) rather than links that cannot be used yet.
   */
  placementOnly?: boolean;
}

function LinkItem({ item, nested, onNavigate }: { item: MenuLink; nested?: boolean; onNavigate(): void }) {
  const { pathname } = useLocation();
  const active = isActivePath(pathname, item.to);
  const Icon = item.icon;
  return (
    <ListItem disablePadding>
      <ListItemButton
        component={RouterLink}
        to={item.to}
        selected={active}
        aria-current={active ? 'page' : undefined}
        onClick={onNavigate}
        sx={{ pl: nested ? 4 : 2, borderRadius: 2, mx: 1, my: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={item.label} />
      </ListItemButton>
    </ListItem>
  );
}

function SectionItem({ section, onNavigate }: { section: MenuSection; onNavigate(): void }) {
  const { pathname } = useLocation();
  const containsActive = section.children.some((child) => isActivePath(pathname, child.to));
  const [open, setOpen] = useState(containsActive);
  const Icon = section.icon;
  const listId = `menu-section-${section.label}`;
  // One list item holds the toggle and its sub-list, so that the outer list has only <li> children.
  return (
    <ListItem disablePadding sx={{ display: 'block' }}>
      <ListItemButton
        onClick={() => setOpen((o) => !o)}
        aria-expanded={open}
        aria-controls={listId}
        sx={{ borderRadius: 2, mx: 1, my: 0.25 }}
      >
        <ListItemIcon sx={{ minWidth: 40 }}>
          <Icon />
        </ListItemIcon>
        <ListItemText primary={section.label} />
        {open ? <ExpandLessIcon /> : <ExpandMoreIcon />}
      </ListItemButton>
      <Collapse in={open} timeout="auto" unmountOnExit>
        <List id={listId} disablePadding>
          {section.children.map((child) => (
            <LinkItem key={child.to} item={child} nested onNavigate={onNavigate} />
          ))}
        </List>
      </Collapse>
    </ListItem>
  );
}

/** SPEC §2 side menu. */
export function SideMenu(props: SideMenuProps) {
  const { inDrawer, narrow, activatedEvaluo, onNavigate } = props;
  const { mode, toggleMode } = useColorMode();
  const { other, otherName, choose } = useLanguageChoice();
  const visible = (item: MenuLink) =>
    (!item.onlyInDrawer || inDrawer) && (!item.needsEvaluo || activatedEvaluo);
  return (
    <Box component="nav" aria-label={messages.shell.mainNavigation} sx={{ py: 1 }}>
      <List disablePadding>
        {(props.placementOnly ? [placementEntry] : menuEntries).map((entry) =>
          entry.kind === 'section' ? (
            <SectionItem key={entry.label} section={entry} onNavigate={onNavigate} />
          ) : (
            visible(entry) && <LinkItem key={entry.to} item={entry} onNavigate={onNavigate} />
          ),
        )}
      </List>
      {narrow && (
        <>
          <Divider sx={{ my: 1 }} />
          <Box sx={{ px: 2, py: 1 }}>
            <GroupSelector
              groups={props.groups}
              value={props.currentGroupId}
              onChange={props.onGroupChange}
              label={messages.shell.changeSemester}
              fullWidth
            />
          </Box>
          <List disablePadding>
            <ListItem disablePadding>
              <ListItemButton
                role="switch"
                aria-checked={mode === 'dark'}
                onClick={toggleMode}
                sx={{ borderRadius: 2, mx: 1 }}
              >
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <DarkModeIcon />
                </ListItemIcon>
                <ListItemText primary={messages.shell.darkMode} />
                <SwitchIndicator on={mode === 'dark'} />
              </ListItemButton>
            </ListItem>
            <ListItem disablePadding>
              <ListItemButton lang={other} onClick={() => choose(other)} sx={{ borderRadius: 2, mx: 1 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <TranslateIcon />
                </ListItemIcon>
                <ListItemText primary={otherName} />
              </ListItemButton>
            </ListItem>
            <ListItem disablePadding>
              <ListItemButton onClick={() => void logout()} sx={{ borderRadius: 2, mx: 1 }}>
                <ListItemIcon sx={{ minWidth: 40 }}>
                  <LogoutIcon />
                </ListItemIcon>
                <ListItemText primary={messages.shell.logout} />
              </ListItemButton>
            </ListItem>
          </List>
        </>
      )}
    </Box>
  );
}
