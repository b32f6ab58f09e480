import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import type { AnswerProps } from './answer-props';

/**
 * Multiple choice and true/false: one option, as full-width cards that are easy to hit with a thumb
 * (at least 56 px high); arrow keys move between them as in any radio group.
 * answerIndex = [the chosen option's index].
 */
export function ChoiceAnswer({ question, selection, onChange, labelledBy, disabled }: AnswerProps) {
  const chosen = selection?.[0];
  return (
    <RadioGroup
      aria-labelledby={labelledBy}
      name={`question-${question._id}`}
      value={chosen === undefined ? '' : String(chosen)}
      onChange={(_, value) => onChange([Number(value)])}
      sx={{ gap: 1.25 }}
    >
      {question.answers.map((answer, index) => (
        <FormControlLabel
          key={index}
          value={String(index)}
          disabled={disabled}
          control={<Radio />}
          label={answer.text}
          sx={{
            m: 0,
            pl: 0.5,
            pr: 2,
            py: 0.5,
            minHeight: 56,
            border: 1,
            borderColor: 'divider',
            borderRadius: 2,
            bgcolor: 'background.paper',
            transition: 'border-color 120ms, background-color 120ms',
            '&:hover': { borderColor: 'text.secondary' },
            '&:has(input:checked)': {
              borderColor: 'primary.main',
              bgcolor: 'action.selected',
              boxShadow: (theme) => `inset 0 0 0 1px ${theme.palette.primary.main}`,
            },
            '& .MuiFormControlLabel-label': { flex: 1, py: 0.75, fontSize: '1.05rem' },
          }}
        />
      ))}
    </RadioGroup>
  );
}
