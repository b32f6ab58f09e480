import { useId } from 'react';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { messages } from '@medenglish/shared';

/**
 * The text of a written-comprehension question, in its own scrolling panel so that the question
 * stays in view. The panel takes the focus (Tab) so that it scrolls from the keyboard too.
 */
export function PassagePanel({ title, text }: { title: string; text: string }) {
  const titleId = useId();
  const paragraphs = text.split(/\n\s*\n/).filter((p) => p.trim() !== '');
  return (
    <Paper
      variant="outlined"
      role="region"
      aria-labelledby={titleId}
      tabIndex={0}
      sx={{
        p: { xs: 2, sm: 2.5 },
        borderRadius: 2,
        maxHeight: { xs: '45vh', md: 380 },
        overflowY: 'auto',
        overscrollBehavior: 'contain',
        bgcolor: 'background.default',
      }}
    >
      <Typography id={titleId} component="h3" variant="subtitle1" sx={{ fontWeight: 700, mb: 1 }}>
        {title || messages.placement.passage}
      </Typography>
      {paragraphs.map((paragraph, i) => (
        <Typography
          key={i}
          sx={{ fontSize: '1.05rem', lineHeight: 1.7, maxWidth: '68ch', mb: 1.5, whiteSpace: 'pre-line' }}
        >
          {paragraph}
        </Typography>
      ))}
    </Paper>
  );
}
