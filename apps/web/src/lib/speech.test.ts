import { describe, expect, it } from 'vitest';
import { britishVoices } from './speech';

const voice = (name: string, lang: string) => ({ name, lang }) as SpeechSynthesisVoice;

describe('britishVoices (SPEC §9: en-GB voices only)', () => {
  it('keeps British English voices only, whatever the spelling of their tag', () => {
    const synth = {
      getVoices: () => [
        voice('Daniel', 'en-GB'),
        voice('Samantha', 'en-US'),
        voice('Thomas', 'fr-FR'),
        voice('espeak', 'en_GB'),
        voice('Moira', 'en-IE'),
      ],
    } as unknown as SpeechSynthesis;
    expect(britishVoices(synth).map((v) => v.name)).toEqual(['Daniel', 'espeak']);
  });

  it('is empty without speech synthesis', () => {
    expect(britishVoices(undefined)).toEqual([]);
  });
});
