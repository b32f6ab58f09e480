import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { messages, type DictionaryAnswer } from '@medenglish/shared';

const t = messages.pronunciation;

/** A lookup's answer: the glossary's term first, then meanings by part of speech, or close spellings. */
export function DictionaryResult({
  answer,
  onPick,
}: {
  answer: DictionaryAnswer;
  onPick(word: string): void;
}) {
  const unknown = !answer.glossary && answer.meanings.length === 0;
  if (unknown) {
    return (
      <Box role="status">
        <Typography sx={{ fontWeight: 600 }}>{t.notFound(answer.word)}</Typography>
        {answer.suggestions.length > 0 ? (
          <>
            <Typography variant="body2" sx={{ mt: 1 }}>
              {t.didYouMean}
            </Typography>
            <Box
              component="ul"
              sx={{ listStyle: 'none', p: 0, m: 0, display: 'flex', flexWrap: 'wrap', gap: 1, mt: 0.5 }}
            >
              {answer.suggestions.map((s) => (
                <li key={s}>
                  <Button
                    variant="outlined"
                    size="small"
                    lang="en"
                    onClick={() => onPick(s)}
                    sx={{ minHeight: 40 }}
                  >
                    {s}
                  </Button>
                </li>
              ))}
            </Box>
          </>
        ) : (
          <Typography variant="body2">{t.noSuggestion}</Typography>
        )}
      </Box>
    );
  }
  return (
    <Box role="status" sx={{ display: 'grid', gap: 2 }}>
      {answer.glossary && (
        <Box sx={{ p: 1.5, borderRadius: 2, border: 1, borderColor: 'primary.main' }}>
          <Typography variant="overline" color="primary" component="p">
            {t.glossary}
          </Typography>
          <Typography sx={{ fontWeight: 700 }} lang="en">
            {answer.glossary.word}{' '}
            <Typography component="span" color="text.secondary" lang="fr">
              — {answer.glossary.translation}
            </Typography>
          </Typography>
          <Typography variant="body2" lang="en">
            {answer.glossary.definition}
          </Typography>
        </Box>
      )}
      {answer.meanings.map((meaning) => (
        <Box key={`${meaning.partOfSpeech}-${meaning.lemma ?? ''}`} component="section">
          <Typography component="h3" variant="subtitle2" sx={{ fontStyle: 'italic' }}>
            {t.partOfSpeech[meaning.partOfSpeech] ?? meaning.partOfSpeech}
            {meaning.lemma ? ` (${meaning.lemma})` : ''}
          </Typography>
          <Box component="ol" sx={{ m: 0, pl: 3 }} lang="en">
            {meaning.definitions.map((d, i) => (
              <li key={i}>
                <Typography variant="body2">{d.definition}</Typography>
                {d.example && (
                  <Typography variant="body2" color="text.secondary" sx={{ fontStyle: 'italic' }}>
                    {t.example(d.example)}
                  </Typography>
                )}
              </li>
            ))}
          </Box>
          {meaning.synonyms.length > 0 && (
            <Typography variant="body2" sx={{ mt: 0.5 }}>
              <strong>{t.synonyms}</strong> <span lang="en">{meaning.synonyms.join(', ')}</span>
            </Typography>
          )}
          {meaning.antonyms.length > 0 && (
            <Typography variant="body2">
              <strong>{t.antonyms}</strong> <span lang="en">{meaning.antonyms.join(', ')}</span>
            </Typography>
          )}
        </Box>
      ))}
    </Box>
  );
}
