import { memo, useState } from 'react';
import Box from '@mui/material/Box';
import ButtonBase from '@mui/material/ButtonBase';
import Typography from '@mui/material/Typography';
import { visuallyHidden } from '../../components/visually-hidden';
import { messages, type GlossaryWord } from '@medenglish/shared';

const t = messages.glossary;

/**
 * SPEC §4: a glossary card flips on click — the word and its French translation on the front,
 * the definition and an example on the back. One button, named by the side shown and, after it,
 * where a press turns (hidden text: the visible words stay the start of its name, WCAG 2.5.3).
 */
export const GlossaryCard = memo(function GlossaryCard({ word }: { word: GlossaryWord }) {
  const [flipped, setFlipped] = useState(false);
  return (
    <ButtonBase
      onClick={() => setFlipped((f) => !f)}
      aria-pressed={flipped}
      focusRipple
      sx={{
        display: 'block',
        width: '100%',
        minHeight: 176,
        textAlign: 'left',
        borderRadius: 2,
        border: 1,
        borderColor: flipped ? 'primary.main' : 'divider',
        bgcolor: 'background.paper',
        p: 2,
        transition: 'border-color 150ms, background-color 150ms',
        '&:hover': { borderColor: 'primary.main' },
        '&.Mui-focusVisible': { outline: '3px solid', outlineColor: 'primary.main', outlineOffset: 2 },
      }}
    >
      {flipped ? (
        <Box aria-live="polite">
          <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{word.word}</Typography>
          <Typography variant="body2">{word.definition}</Typography>
          {word.example && (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
              {t.exampleOf(word.example)}
            </Typography>
          )}
          <Box component="span" sx={visuallyHidden}>{` (${t.toWord})`}</Box>
        </Box>
      ) : (
        <Box>
          <Typography
            component="span"
            variant="h6"
            sx={{ display: 'block', fontWeight: 700, overflowWrap: 'anywhere' }}
          >
            {word.word}
          </Typography>
          <Typography component="span" lang="fr" color="text.secondary" sx={{ display: 'block' }}>
            {word.translation}
          </Typography>
          {word.speciality && (
            <Typography
              component="span"
              variant="caption"
              color="text.secondary"
              sx={{ display: 'block', mt: 1.5 }}
            >
              {word.speciality}
            </Typography>
          )}
          <Box component="span" sx={visuallyHidden}>{` (${t.toDefinition})`}</Box>
        </Box>
      )}
    </ButtonBase>
  );
});
