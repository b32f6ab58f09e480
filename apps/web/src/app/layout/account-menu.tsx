import { useId, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { messages } from '@medenglish/shared';
import { AccountIcon, DarkModeIcon, LogoutIcon, PersonIcon, TranslateIcon } from '../../components/icons';
import { SwitchIndicator } from '../../components/switch-indicator';
import { logout } from '../../lib/logout';
import { useColorMode } from '../color-mode';
import { useLanguageChoice } from '../../components/use-language-choice';

/** SPEC §2 header: Profile, dark-mode toggle, Logout. */
export function AccountMenu() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const { mode, toggleMode } = useColorMode();
  const { other, otherName, choose } = useLanguageChoice();
  const menuId = useId();
  const close = () => setAnchor(null);
  return (
    <>
      <IconButton
        color="inherit"
        aria-label={messages.shell.account}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={Boolean(anchor)}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        <AccountIcon />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      >
        <MenuItem component={RouterLink} to="/profile" onClick={close}>
          <ListItemIcon>
            <PersonIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{messages.shell.profile}</ListItemText>
        </MenuItem>
        <MenuItem role="menuitemcheckbox" aria-checked={mode === 'dark'} onClick={toggleMode}>
          <ListItemIcon>
            <DarkModeIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{messages.shell.darkMode}</ListItemText>
          <SwitchIndicator on={mode === 'dark'} />
        </MenuItem>
        {/* Named in the language it switches to (WCAG 3.1.2: marked with lang). */}
        <MenuItem lang={other} onClick={() => choose(other)}>
          <ListItemIcon>
            <TranslateIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{otherName}</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void logout()}>
          <ListItemIcon>
            <LogoutIcon fontSize="small" />
          </ListItemIcon>
          <ListItemText>{messages.shell.logout}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
