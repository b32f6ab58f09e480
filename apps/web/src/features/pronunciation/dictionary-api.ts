import type { DictionaryAnswer } from '@medenglish/shared';
import { api } from '../../lib/api';

/** GET /dictionary/{word} (SPEC §7 "dictionary lookup by word"). */
export const lookUpWord = (word: string) =>
  api.get<DictionaryAnswer>(`/dictionary/${encodeURIComponent(word.trim())}`);

/** GET /speech/{word}: the server's en-GB reading, for browsers without such a voice. */
export const serverSpeech = (word: string, voice: string) =>
  api.get<{ url: string }>(`/speech/${encodeURIComponent(word.trim())}?voice=${encodeURIComponent(voice)}`);

/** The server's voices (eSpeak NG, British English). */
export const SERVER_VOICES = [
  { id: 'server:en-gb-x-rp', voice: 'en-gb-x-rp', name: 'Received Pronunciation' },
  { id: 'server:en-gb', voice: 'en-gb', name: 'British English' },
] as const;
