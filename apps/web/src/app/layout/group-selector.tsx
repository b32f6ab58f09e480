import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { messages, type Group } from '@medenglish/shared';

export interface GroupSelectorProps {
  groups: readonly Group[];
  value: string | undefined;
  onChange(groupId: string): void;
  label?: string;
  fullWidth?: boolean;
}

/** SPEC §2: lists the user's groups by name; disabled when there is only one. */
export function GroupSelector({
  groups,
  value,
  onChange,
  label = messages.shell.group,
  fullWidth,
}: GroupSelectorProps) {
  if (groups.length === 0 || value === undefined) return null;
  return (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      disabled={groups.length === 1}
      fullWidth={fullWidth}
      sx={fullWidth ? undefined : { minWidth: 180, maxWidth: 260 }}
    >
      {groups.map((group) => (
        <MenuItem key={group._id} value={group._id}>
          {group.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
