import { useEffect, useState } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { Theme } from '@mui/material/styles';
import {
  formatDateTime,
  messages,
  REVIEW_RATINGS,
  type ReviewCard,
  type ReviewRating,
} from '@medenglish/shared';
import { answerReview, fetchReview } from './glossary-api';

const t = messages.glossary.review;

/** "in 10 min", "in 3 h", "in 4 d": when an answer brings the word back. */
export function untilLabel(fromMs: number, iso: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - fromMs) / 60_000));
  if (minutes < 60) return t.inMinutes(minutes);
  if (minutes < 24 * 60) return t.inHours(Math.round(minutes / 60));
  return t.inDays(Math.round(minutes / (24 * 60)));
}

/**
 * The daily review of starred words (issue 14): each due word's front, then its answer and the four
 * FSRS grades, each saying when it brings the word back; the server schedules (its own clock).
 */
export function ReviewSession({
  userId,
  timeZone,
  onClose,
}: {
  userId: string;
  timeZone: string;
  onClose(): void;
}) {
  const fullScreen = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'));
  const [cards, setCards] = useState<ReviewCard[] | null>(null);
  const [index, setIndex] = useState(0);
  const [shown, setShown] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [nextDue, setNextDue] = useState<string | null>(null);
  const [fetchedAt] = useState(() => Date.now());

  useEffect(() => {
    fetchReview(userId).then(setCards, () => setError(t.failed));
  }, [userId]);

  async function grade(card: ReviewCard, rating: ReviewRating) {
    setBusy(true);
    setError(null);
    try {
      const next = await answerReview(userId, card.word._id, rating);
      setNextDue((d) => (d === null || next.due < d ? next.due : d));
      setIndex((i) => i + 1);
      setShown(false);
    } catch {
      setError(t.failed);
    } finally {
      setBusy(false);
    }
  }

  const card = cards?.[index];
  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={fullScreen}
      fullWidth
      maxWidth="sm"
      aria-labelledby="review-title"
    >
      <DialogTitle id="review-title">{t.title}</DialogTitle>
      <DialogContent>
        {error && (
          <Alert severity="error" role="alert" sx={{ mb: 2 }}>
            {error}
          </Alert>
        )}
        {cards === null && !error && <LinearProgress aria-label={messages.common.loading} />}
        {cards && cards.length === 0 && <Typography>{t.nothingDue}</Typography>}
        {cards && cards.length > 0 && !card && (
          <Stack spacing={1} role="status">
            <Typography sx={{ fontWeight: 700 }}>{t.done}</Typography>
            {nextDue && <Typography>{t.next(formatDateTime(nextDue, timeZone))}</Typography>}
          </Stack>
        )}
        {card && (
          <Stack spacing={2}>
            <Typography variant="body2" color="text.secondary">
              {t.progress(index + 1, cards!.length)}
            </Typography>
            <Box>
              <Typography variant="h5" component="p" sx={{ fontWeight: 700 }}>
                {card.word.word}
              </Typography>
              <Typography lang="fr" color="text.secondary">
                {card.word.translation}
              </Typography>
            </Box>
            {shown ? (
              <Box role="region" aria-label={messages.glossary.definition}>
                <Typography>{card.word.definition}</Typography>
                {card.word.example && (
                  <Typography color="text.secondary" sx={{ mt: 1, fontStyle: 'italic' }}>
                    {messages.glossary.exampleOf(card.word.example)}
                  </Typography>
                )}
              </Box>
            ) : (
              <Button
                variant="contained"
                onClick={() => setShown(true)}
                sx={{ alignSelf: 'flex-start', minHeight: 44 }}
                autoFocus
              >
                {t.showAnswer}
              </Button>
            )}
            {shown && (
              <Box
                sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 1 }}
              >
                {REVIEW_RATINGS.map((rating) => (
                  <Button
                    key={rating}
                    variant={rating === 'good' ? 'contained' : 'outlined'}
                    color={rating === 'again' ? 'error' : 'primary'}
                    disabled={busy}
                    onClick={() => void grade(card, rating)}
                    sx={{ minHeight: 56, flexDirection: 'column', lineHeight: 1.2 }}
                  >
                    <span>{t[rating]}</span>
                    <Box component="span" sx={{ fontSize: '0.75rem', fontWeight: 400 }}>
                      {untilLabel(fetchedAt, card.previews[rating])}
                    </Box>
                  </Button>
                ))}
              </Box>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t.close}</Button>
      </DialogActions>
    </Dialog>
  );
}
