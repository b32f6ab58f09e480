import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormHelperText from '@mui/material/FormHelperText';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { messages, NEEDS, type Need } from '@medenglish/shared';

export interface NeedsSelectProps {
  value: Need[];
  onChange(value: Need[]): void;
  onBlur(): void;
  error?: string;
}

/** SPEC §5: the multi-select of the 23 needs, shown when the access code asks for it. */
export function NeedsSelect({ value, onChange, onBlur, error }: NeedsSelectProps) {
  return (
    <FormControl fullWidth required error={Boolean(error)}>
      <InputLabel id="needs-label">{messages.signup.needs}</InputLabel>
      <Select<Need[]>
        labelId="needs-label"
        multiple
        value={value}
        onChange={(event) => onChange(event.target.value as Need[])}
        onClose={onBlur}
        input={<OutlinedInput label={messages.signup.needs} />}
        renderValue={(selected) => selected.map((need) => messages.signup.needLabels[need]).join(', ')}
        aria-describedby="needs-help"
        MenuProps={{ slotProps: { paper: { sx: { maxHeight: 360 } } } }}
      >
        {NEEDS.map((need) => (
          <MenuItem key={need} value={need}>
            <Checkbox checked={value.includes(need)} tabIndex={-1} disableRipple size="small" />
            <ListItemText primary={messages.signup.needLabels[need]} />
          </MenuItem>
        ))}
      </Select>
      <FormHelperText id="needs-help">{error ?? messages.signup.needsHelp}</FormHelperText>
    </FormControl>
  );
}
