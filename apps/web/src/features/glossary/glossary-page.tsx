import { useDeferredValue, useMemo, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { filterGlossary, glossaryLetter, messages, type GlossaryWord } from '@medenglish/shared';
import { useCurrentUser } from '../../api/user';
import { useToast } from '../../components/toast';
import { deleteWord, glossaryQuery, putWord, setStar, starsQuery } from './glossary-api';
import { ReviewSession } from './review-session';
import { useServerTime } from '../../api/time';
import { visuallyHidden } from '../../components/visually-hidden';
import { speak, useBritishVoices } from '../../lib/speech';
import { GlossaryCard } from './glossary-card';
import { LetterBar } from './letter-bar';
import { WordFormDialog } from './word-form-dialog';

const t = messages.glossary;

/**
 * SPEC §2 "/glossary" (issue 14): A–Z buttons (not on small screens), a search box matching the
 * word or its translation (case and accents aside, SPEC §5), flip cards, 'No words found.'. Staff
 * also add words, and edit and delete those the API marks `editable` (SPEC §6, decision 0037: a
 * company's own words for its staff, the platform's for an admin).
 */
export default function GlossaryPage() {
  const words = useQuery(glossaryQuery());
  const { data: user } = useCurrentUser();
  const isStaff = Boolean(user && user.role !== 'learner');
  const [query, setQuery] = useState('');
  const [letter, setLetter] = useState<string | null>(null);
  const deferredQuery = useDeferredValue(query);
  const shown = useMemo(
    () => filterGlossary(words.data ?? [], { query: deferredQuery, letter }),
    [words.data, deferredQuery, letter],
  );
  const available = useMemo(
    () => new Set((words.data ?? []).flatMap((w) => glossaryLetter(w.word) ?? [])),
    [words.data],
  );
  const [editing, setEditing] = useState<GlossaryWord | 'new' | null>(null);
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [reviewing, setReviewing] = useState(false);
  const userId = user?._id ?? '';
  const stars = useQuery({ ...starsQuery(userId), enabled: Boolean(userId) });
  const starred = useMemo(() => new Set((stars.data ?? []).map((s) => s.wordId)), [stars.data]);
  const time = useServerTime();
  const [voice] = useBritishVoices();
  const dueCount = (stars.data ?? []).filter((s) => Date.parse(s.due) <= Date.now()).length;
  const toggleStar = (word: GlossaryWord) => {
    const next = !starred.has(word._id);
    setStar(userId, word._id, next).then(
      () => void queryClient.invalidateQueries({ queryKey: starsQuery(userId).queryKey }),
      () => showToast({ message: t.review.failed, severity: 'error' }),
    );
  };

  const refresh = () => queryClient.invalidateQueries({ queryKey: glossaryQuery().queryKey });

  return (
    <Stack spacing={2} sx={{ maxWidth: 1200 }}>
      <Typography color="text.secondary">{t.intro}</Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          type="search"
          label={t.searchLabel}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          sx={{ flex: '1 1 260px', maxWidth: 520 }}
          slotProps={{ htmlInput: { autoComplete: 'off', spellCheck: false } }}
        />
        {userId && (
          <Button variant="outlined" onClick={() => setReviewing(true)} sx={{ minHeight: 44 }}>
            {t.review.open(dueCount)}
          </Button>
        )}
        {isStaff && (
          <Button variant="contained" onClick={() => setEditing('new')} sx={{ minHeight: 44 }}>
            {t.add}
          </Button>
        )}
      </Box>
      <LetterBar letter={letter} available={available} onChange={setLetter} />
      {words.isPending ? (
        <Box sx={grid} aria-hidden>
          {Array.from({ length: 6 }, (_, i) => (
            <Skeleton key={i} variant="rounded" height={176} />
          ))}
        </Box>
      ) : words.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" onClick={() => void words.refetch()}>
              {t.retry}
            </Button>
          }
        >
          {t.loadFailed}
        </Alert>
      ) : (
        <>
          <Typography role="status" variant="body2" color="text.secondary">
            {shown.length === 0 ? t.empty : t.count(shown.length)}
          </Typography>
          <Box component="ul" sx={{ ...grid, listStyle: 'none', p: 0, m: 0 }}>
            {shown.map((word) => (
              <Box component="li" key={word._id}>
                <GlossaryCard word={word} />
                <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}>
                  {userId && (
                    <Button
                      size="small"
                      aria-pressed={starred.has(word._id)}
                      onClick={() => toggleStar(word)}
                    >
                      <span aria-hidden>{starred.has(word._id) ? '★' : '☆'}&nbsp;</span>
                      {starred.has(word._id) ? t.review.starred : t.review.notStarred}
                      <Box component="span" sx={visuallyHidden}>{` : ${word.word}`}</Box>
                    </Button>
                  )}
                  {voice && (
                    <Button size="small" onClick={() => speak(word.word, voice)}>
                      <span aria-hidden>🔊&nbsp;</span>
                      {t.listen}
                      <Box component="span" sx={visuallyHidden}>{` : ${word.word}`}</Box>
                    </Button>
                  )}
                  {isStaff && word.editable && (
                    <>
                      <Button
                        size="small"
                        onClick={() => setEditing(word)}
                        aria-label={`${t.edit} : ${word.word}`}
                      >
                        {t.edit}
                      </Button>
                      <Button
                        size="small"
                        color="error"
                        aria-label={`${t.delete} : ${word.word}`}
                        onClick={() => {
                          if (!window.confirm(t.confirmDelete(word.word))) return;
                          deleteWord(word._id).then(
                            () => {
                              showToast({ message: t.deleted, severity: 'success' });
                              void refresh();
                            },
                            () => showToast({ message: t.deleteFailed, severity: 'error' }),
                          );
                        }}
                      >
                        {t.delete}
                      </Button>
                    </>
                  )}
                </Box>
              </Box>
            ))}
          </Box>
        </>
      )}
      {reviewing && (
        <ReviewSession
          userId={userId}
          timeZone={time.data?.timeZone ?? 'Europe/Paris'}
          onClose={() => {
            setReviewing(false);
            void queryClient.invalidateQueries({ queryKey: starsQuery(userId).queryKey });
          }}
        />
      )}
      {editing && (
        <WordFormDialog
          word={editing === 'new' ? undefined : editing}
          onClose={() => setEditing(null)}
          onSave={async (body) => {
            await putWord(editing === 'new' ? crypto.randomUUID() : editing._id, body);
            setEditing(null);
            showToast({ message: t.saved, severity: 'success' });
            await refresh();
          }}
        />
      )}
    </Stack>
  );
}

const grid = {
  display: 'grid',
  gap: 2,
  gridTemplateColumns: { xs: '1fr', sm: 'repeat(2, 1fr)', md: 'repeat(3, 1fr)', lg: 'repeat(4, 1fr)' },
} as const;
