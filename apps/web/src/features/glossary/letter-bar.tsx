import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { messages } from '@medenglish/shared';

const t = messages.glossary;
const LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ'.split('');

/** SPEC §2: the A–Z buttons, hidden on small screens (the search box serves there). */
export function LetterBar({
  letter,
  available,
  onChange,
}: {
  letter: string | null;
  available: ReadonlySet<string>;
  onChange(letter: string | null): void;
}) {
  return (
    <Box
      role="group"
      aria-label={t.lettersLabel}
      sx={{ display: { xs: 'none', sm: 'flex' }, flexWrap: 'wrap', gap: 0.5 }}
    >
      <Button
        size="small"
        variant={letter === null ? 'contained' : 'text'}
        aria-pressed={letter === null}
        onClick={() => onChange(null)}
        sx={{ minWidth: 44, minHeight: 36 }}
      >
        {t.allLetters}
      </Button>
      {LETTERS.map((l) => (
        <Button
          key={l}
          size="small"
          variant={letter === l ? 'contained' : 'text'}
          aria-pressed={letter === l}
          disabled={!available.has(l)}
          onClick={() => onChange(letter === l ? null : l)}
          sx={{ minWidth: 36, minHeight: 36, px: 0.5 }}
        >
          {l}
        </Button>
      ))}
    </Box>
  );
}
