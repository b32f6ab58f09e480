import { useId, type ReactNode, type Ref } from 'react';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import OutlinedInput, { type OutlinedInputProps } from '@mui/material/OutlinedInput';

export interface TextInputProps extends Pick<
  OutlinedInputProps,
  'name' | 'type' | 'autoComplete' | 'autoFocus' | 'value' | 'onChange' | 'onBlur' | 'endAdornment'
> {
  label: string;
  required?: boolean;
  error?: boolean;
  helperText?: ReactNode;
  inputMode?: 'email' | 'text' | 'tel';
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * An outlined text field that looks like MUI's TextField but is built from its parts: TextField
 * also bundles Select, Menu and Popover for its `select` mode, which the login route never uses
 * and cannot afford (performance budget of the first route).
 */
export function TextInput({
  label,
  required,
  error,
  helperText,
  inputMode,
  inputRef,
  ...input
}: TextInputProps) {
  const id = useId();
  const helperId = `${id}-helper`;
  return (
    <FormControl fullWidth required={required} error={error} variant="outlined">
      <InputLabel htmlFor={id}>{label}</InputLabel>
      <OutlinedInput
        {...input}
        id={id}
        label={label}
        inputRef={inputRef}
        inputProps={{ inputMode, 'aria-describedby': helperText ? helperId : undefined }}
      />
      {helperText && <FormHelperText id={helperId}>{helperText}</FormHelperText>}
    </FormControl>
  );
}
