import { useEffect, useState } from 'react';

/**
 * Spoken English through the browser's own speech synthesis (SPEC §9: en-GB voices only). No audio
 * is fetched: a browser without a British English voice offers no "listen" button at all rather
 * than reading medical words with a French or American voice.
 */
export function britishVoices(synth: SpeechSynthesis | undefined): SpeechSynthesisVoice[] {
  if (!synth) return [];
  return synth.getVoices().filter((v) => v.lang.replace('_', '-').toLowerCase() === 'en-gb');
}

const synthesis = (): SpeechSynthesis | undefined =>
  typeof window !== 'undefined' && 'speechSynthesis' in window ? window.speechSynthesis : undefined;

/** The en-GB voices, kept current: browsers load their voice list after the page (voiceschanged). */
export function useBritishVoices(): SpeechSynthesisVoice[] {
  const [voices, setVoices] = useState<SpeechSynthesisVoice[]>(() => britishVoices(synthesis()));
  useEffect(() => {
    const synth = synthesis();
    if (!synth) return;
    const update = () => setVoices(britishVoices(synth));
    update();
    synth.addEventListener('voiceschanged', update);
    return () => synth.removeEventListener('voiceschanged', update);
  }, []);
  return voices;
}

/** Says `text` with `voice` (an en-GB one), interrupting whatever was being said. */
export function speak(text: string, voice: SpeechSynthesisVoice, rate = 0.9): void {
  const synth = synthesis();
  if (!synth) return;
  synth.cancel();
  const utterance = new SpeechSynthesisUtterance(text);
  utterance.voice = voice;
  utterance.lang = 'en-GB';
  utterance.rate = rate;
  synth.speak(utterance);
}
