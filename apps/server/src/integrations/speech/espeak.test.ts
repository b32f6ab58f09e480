import { describe, expect, it } from 'vitest';
import { speakToWav, SpeechUnavailable } from './espeak.js';

describe('speakToWav (eSpeak NG, en-GB)', () => {
  it('writes a WAV file whose header carries its real length', async () => {
    const wav = await speakToWav('tachycardia');
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
    expect(wav.subarray(8, 12).toString()).toBe('WAVE');
    expect(wav.readUInt32LE(4)).toBe(wav.length - 8);
    expect(wav.length).toBeGreaterThan(10_000);
  });

  it('takes the word as an argument, not as options or shell text', async () => {
    const wav = await speakToWav('--version; rm -rf /');
    expect(wav.subarray(0, 4).toString()).toBe('RIFF');
  });

  it('says so when the engine is missing', async () => {
    await expect(speakToWav('heart', 'en-gb', '/nonexistent/espeak-ng')).rejects.toBeInstanceOf(
      SpeechUnavailable,
    );
  });
});
