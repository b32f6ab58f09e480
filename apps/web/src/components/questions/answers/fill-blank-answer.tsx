import { Fragment, useId, useRef } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { messages, splitAtBlanks } from '@medenglish/shared';
import { visuallyHidden } from '../../visually-hidden';
import { ReplayIcon } from '../question-icons';
import type { AnswerProps } from './answer-props';

/** A blank of the sentence: the picked word, or an empty line; the next one to fill stands out. */
function BlankSlot({ number, word, isNext }: { number: number; word: string | undefined; isNext: boolean }) {
  return (
    <Box
      component="span"
      sx={{
        display: 'inline-block',
        minWidth: '4.5em',
        mx: 0.5,
        px: 0.75,
        textAlign: 'center',
        fontWeight: 700,
        color: 'primary.main',
        borderBottom: 2,
        borderColor: isNext ? 'primary.main' : 'text.secondary',
        bgcolor: isNext ? 'action.hover' : 'transparent',
        borderRadius: '4px 4px 0 0',
        lineHeight: 1.6,
      }}
    >
      {word ?? (
        <>
          {'\u00a0'}
          <Box component="span" sx={visuallyHidden}>
            {messages.placement.blank(number)}
          </Box>
        </>
      )}
    </Box>
  );
}

/**
 * Fill in the blank (SPEC §5): the learner picks as many words of the bank as the sentence has
 * blanks, in blank order, each word once; the sentence shows them in place, and Reset clears the
 * picks. answerIndex = the picked indices in blank order.
 */
export function FillBlankAnswer({ question, selection, onChange, disabled }: AnswerProps) {
  const picks = selection ?? [];
  const pieces = splitAtBlanks(question.name);
  const blanks = pieces.length - 1;
  const isFull = picks.length >= blanks;
  const sentenceId = useId();
  const bankRef = useRef<HTMLDivElement>(null);

  const pick = (index: number) => {
    if (disabled || isFull || picks.includes(index)) return;
    onChange([...picks, index]);
  };

  const reset = () => {
    onChange(null);
    // The Reset button turns inactive: keep the keyboard in the word bank.
    bankRef.current?.querySelector<HTMLButtonElement>('button')?.focus();
  };

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 }, borderRadius: 2 }}>
        <Typography id={sentenceId} variant="overline" component="p" color="text.secondary">
          {messages.placement.yourSentence}
        </Typography>
        {/* Announced after each pick, so that the learner hears the sentence taking shape. */}
        <Typography
          aria-live="polite"
          aria-labelledby={sentenceId}
          sx={{ fontSize: '1.1rem', lineHeight: 2.2, overflowWrap: 'anywhere' }}
        >
          {pieces.map((piece, i) => (
            <Fragment key={i}>
              {piece}
              {i < blanks && (
                <BlankSlot
                  number={i + 1}
                  word={picks[i] === undefined ? undefined : question.answers[picks[i]!]?.text}
                  isNext={i === picks.length}
                />
              )}
            </Fragment>
          ))}
        </Typography>
      </Paper>
      <Box
        ref={bankRef}
        role="group"
        aria-label={messages.placement.wordBank}
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }}
      >
        {question.answers.map((answer, index) => {
          const isPicked = picks.includes(index);
          // aria-disabled rather than disabled: the button keeps the focus after it is picked.
          const isInactive = isPicked || isFull;
          return (
            <Button
              key={index}
              variant="outlined"
              aria-pressed={isPicked}
              aria-disabled={isInactive || undefined}
              disabled={disabled}
              onClick={() => pick(index)}
              sx={{
                minHeight: 48,
                minWidth: 64,
                px: 2,
                fontSize: '1rem',
                '&[aria-disabled="true"]': { cursor: 'default', opacity: 0.6 },
                // A word already in the sentence: drawn as an empty place in the bank.
                '&[aria-pressed="true"]': {
                  opacity: 1,
                  borderStyle: 'dashed',
                  borderColor: 'text.secondary',
                  color: 'text.secondary',
                  bgcolor: 'action.hover',
                  textDecoration: 'line-through',
                },
              }}
            >
              {answer.text}
            </Button>
          );
        })}
      </Box>
      <Button
        startIcon={<ReplayIcon />}
        onClick={reset}
        disabled={disabled || picks.length === 0}
        sx={{ alignSelf: 'flex-start', minHeight: 44 }}
      >
        {messages.placement.reset}
      </Button>
    </Stack>
  );
}
