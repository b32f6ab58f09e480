import { useState } from 'react';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import { messages } from '@medenglish/shared';
import { VisibilityIcon, VisibilityOffIcon } from './icons';
import { TextInput, type TextInputProps } from './text-input';

/** A password input with a show/hide button (labelled for screen readers, reachable by keyboard). */
export function PasswordField(props: Omit<TextInputProps, 'type' | 'endAdornment'>) {
  const [visible, setVisible] = useState(false);
  const label = visible ? messages.login.hidePassword : messages.login.showPassword;
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      endAdornment={
        <InputAdornment position="end">
          {/* Named by its title rather than aria-label, so that "label" queries for the password
              field (getByLabel('Mot de passe')) find the input alone. */}
          <IconButton title={label} onClick={() => setVisible((v) => !v)} edge="end">
            {visible ? <VisibilityOffIcon /> : <VisibilityIcon />}
          </IconButton>
        </InputAdornment>
      }
    />
  );
}
