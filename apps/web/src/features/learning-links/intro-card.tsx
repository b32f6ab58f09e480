import { useId, useState } from 'react';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { messages, truncateText } from '@medenglish/shared';

const t = messages.learningLinks;

/** SPEC §2: the grid's intro card, its text truncated to 60 characters with 'Read more'. */
export function IntroCard() {
  const [open, setOpen] = useState(false);
  const textId = useId();
  const short = truncateText(t.intro);
  const isTruncated = short !== t.intro;
  return (
    <Card variant="outlined" sx={{ height: '100%', bgcolor: 'action.hover' }}>
      <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 1, alignItems: 'flex-start' }}>
        <Typography component="h2" variant="h6" sx={{ fontWeight: 700 }}>
          {t.introTitle}
        </Typography>
        <Typography id={textId}>{open ? t.intro : short}</Typography>
        {isTruncated && (
          <Button
            onClick={() => setOpen((o) => !o)}
            aria-expanded={open}
            aria-controls={textId}
            sx={{ minHeight: 44, px: 1, ml: -1 }}
          >
            <span lang={open ? undefined : 'en'}>{open ? t.readLess : t.readMore}</span>
          </Button>
        )}
      </CardContent>
    </Card>
  );
}
