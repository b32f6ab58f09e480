import { useEffect, useRef, useState, type FormEvent } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  capitalizeFirstName,
  isValidName,
  messages,
  NAME_MAX_LENGTH,
  TOAST_DURATION_MS,
  upperLastName,
  type User,
} from '@medenglish/shared';
import { useToast } from '../../components/toast';
import { useUpdateNames, type NamesChange } from './names-api';
import { EditIcon } from './profile-icons';

type Field = 'firstname' | 'name';
type Values = Record<Field, string>;
type Errors = Partial<Record<Field, string>>;

/** SPEC §4: on toggle the first name is capitalised and the last name upper-cased. */
export function normaliseNames(values: Values): Values {
  return { firstname: capitalizeFirstName(values.firstname), name: upperLastName(values.name) };
}

/** SPEC §5 name edit: letters only, else 'Certain symbols and numbers are forbidden'. */
export function validateNames(values: Values): Errors {
  const errors: Errors = {};
  for (const field of ['firstname', 'name'] as const) {
    const value = values[field];
    if (!value) errors[field] = messages.profile.required;
    else if (!isValidName(value)) errors[field] = messages.names.forbidden;
  }
  return errors;
}

/** The fields whose value differs from the stored one: one call each (SPEC §7). */
function changedNames(values: Values, user: Pick<User, Field>): NamesChange {
  return {
    ...(values.firstname !== user.firstname ? { firstname: values.firstname } : {}),
    ...(values.name !== user.name ? { name: values.name } : {}),
  };
}

/**
 * SPEC §2/§4 personal info card: first and last name, read-only until the edit button is pressed;
 * Save validates, sends the changed names and confirms with 'Name successfully changed.' (§5, §9:
 * the snackbar hides after 6000 ms).
 */
export function NamesCard({ user }: { user: User }) {
  const [editing, setEditing] = useState(false);
  const [values, setValues] = useState<Values>({ firstname: user.firstname, name: user.name });
  const [errors, setErrors] = useState<Errors>({});
  const { showToast } = useToast();
  const update = useUpdateNames(user._id);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const firstnameRef = useRef<HTMLInputElement>(null);
  const nameRef = useRef<HTMLInputElement>(null);
  const inputRefs = { firstname: firstnameRef, name: nameRef };

  // Entering edit mode puts the caret in the first name, now editable.
  useEffect(() => {
    if (editing) firstnameRef.current?.focus();
  }, [editing]);

  // What the fields show when not editing: always the stored user (fresh after a save).
  const shown = editing ? values : { firstname: user.firstname, name: user.name };

  function toggle() {
    update.reset();
    setErrors({});
    if (editing) {
      setEditing(false);
      return;
    }
    setValues(normaliseNames({ firstname: user.firstname, name: user.name }));
    setEditing(true);
  }

  function finish() {
    setEditing(false);
    toggleRef.current?.focus();
  }

  async function save(event: FormEvent) {
    event.preventDefault();
    if (update.isPending) return;
    const normalised = normaliseNames(values);
    setValues(normalised);
    const found = validateNames(normalised);
    setErrors(found);
    const firstInvalid = (['firstname', 'name'] as const).find((field) => found[field]);
    if (firstInvalid) {
      inputRefs[firstInvalid].current?.focus();
      return;
    }
    const change = changedNames(normalised, user);
    if (change.firstname === undefined && change.name === undefined) {
      finish();
      return;
    }
    try {
      await update.mutateAsync(change);
    } catch {
      // Shown by the alert below; the learner's input stays in the fields.
      return;
    }
    finish();
    showToast({
      message: messages.names.changed,
      severity: 'success',
      durationMs: TOAST_DURATION_MS.success,
    });
  }

  const field = (name: Field, label: string, autoComplete: string) => (
    <TextField
      name={name}
      label={label}
      value={shown[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name]}
      inputRef={inputRefs[name]}
      autoComplete={autoComplete}
      fullWidth
      slotProps={{
        input: { readOnly: !editing },
        htmlInput: { maxLength: NAME_MAX_LENGTH },
      }}
      sx={
        editing
          ? undefined
          : { '& .MuiOutlinedInput-root': { bgcolor: 'action.hover' }, '& input': { cursor: 'default' } }
      }
    />
  );

  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="profile-names-title"
      sx={{ p: { xs: 2, sm: 3 }, borderRadius: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap', mb: 2 }}>
        <Typography id="profile-names-title" component="h3" variant="h6" sx={{ flex: 1, fontWeight: 700 }}>
          {messages.profile.personalInfo}
        </Typography>
        <Button
          ref={toggleRef}
          variant={editing ? 'text' : 'outlined'}
          startIcon={editing ? undefined : <EditIcon />}
          onClick={toggle}
          disabled={update.isPending}
        >
          {editing ? messages.profile.cancel : messages.profile.edit}
        </Button>
      </Box>
      <Box component="form" noValidate onSubmit={(event) => void save(event)}>
        <Stack spacing={2}>
          {field('firstname', messages.profile.firstname, 'given-name')}
          {field('name', messages.profile.lastname, 'family-name')}
          {update.isError && (
            <Alert severity="error" role="alert">
              {messages.profile.saveFailed}
            </Alert>
          )}
          {editing && (
            <Box sx={{ display: 'flex', justifyContent: 'flex-end' }}>
              <Button
                type="submit"
                variant="contained"
                disabled={update.isPending}
                sx={{ minWidth: 160, width: { xs: '100%', sm: 'auto' } }}
              >
                {update.isPending ? messages.profile.saving : messages.profile.save}
              </Button>
            </Box>
          )}
        </Stack>
      </Box>
    </Paper>
  );
}
