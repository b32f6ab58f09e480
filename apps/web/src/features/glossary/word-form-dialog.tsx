import { useState } from 'react';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { glossaryWordBody, messages, type GlossaryWord, type GlossaryWordBody } from '@medenglish/shared';
import { errorMessage } from '../../lib/api-error';

const t = messages.glossary;

/** The staff form to add or edit a word (SPEC §6: the glossary's add call, issue 14). */
export function WordFormDialog({
  word,
  onSave,
  onClose,
}: {
  /** The word edited; undefined to add one. */
  word?: GlossaryWord;
  onSave(body: GlossaryWordBody): Promise<void>;
  onClose(): void;
}) {
  const [values, setValues] = useState<GlossaryWordBody>({
    word: word?.word ?? '',
    translation: word?.translation ?? '',
    definition: word?.definition ?? '',
    example: word?.example ?? '',
    speciality: word?.speciality ?? '',
  });
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const parsed = glossaryWordBody.safeParse(values);
  const missing = (key: 'word' | 'translation' | 'definition') => !values[key].trim();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    if (!parsed.success) {
      setError(messages.common.required);
      return;
    }
    setSaving(true);
    setError(null);
    try {
      await onSave(parsed.data);
    } catch (e) {
      setError(errorMessage(e) || t.saveFailed);
      setSaving(false);
    }
  }

  const field = (
    key: keyof GlossaryWordBody,
    label: string,
    options: { required?: boolean; multiline?: boolean } = {},
  ) => (
    <TextField
      label={label}
      value={values[key] ?? ''}
      onChange={(e) => setValues((v) => ({ ...v, [key]: e.target.value }))}
      required={options.required}
      multiline={options.multiline}
      minRows={options.multiline ? 2 : undefined}
      error={Boolean(error) && options.required && missing(key as 'word')}
      fullWidth
    />
  );

  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="sm" aria-labelledby="word-form-title">
      <form onSubmit={(e) => void submit(e)} noValidate>
        <DialogTitle id="word-form-title">{word ? t.formTitleEdit : t.formTitleAdd}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {error && (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            )}
            {field('word', t.word, { required: true })}
            {field('translation', t.translation, { required: true })}
            {field('definition', t.definition, { required: true, multiline: true })}
            {field('example', t.example, { multiline: true })}
            {field('speciality', t.speciality)}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t.cancel}</Button>
          <Button type="submit" variant="contained" disabled={saving}>
            {t.save}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
