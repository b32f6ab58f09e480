import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** eSpeak NG's British voices the server offers (SPEC §9: en-GB voices only). */
export const SERVER_VOICES = ['en-gb', 'en-gb-x-rp'] as const;
export type ServerVoice = (typeof SERVER_VOICES)[number];

export class SpeechUnavailable extends Error {
  override readonly name = 'SpeechUnavailable';
}

/**
 * The server's own reading of a word (issue 15: "where the browser has no en-GB voice, our
 * server speaks it"), by eSpeak NG, offline. The word is passed as an argument, never through a
 * shell, and written to a file rather than stdout so the WAV header carries its real length
 * (a stream's header says "unknown", which some players refuse).
 */
export async function speakToWav(
  word: string,
  voice: ServerVoice = 'en-gb-x-rp',
  binary = 'espeak-ng',
): Promise<Buffer> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'medenglish-speech-'));
  const file = path.join(dir, 'word.wav');
  try {
    await run(binary, ['-v', voice, '-s', '140', '-w', file, '--', word], { timeout: 5000 });
    return await readFile(file);
  } catch (error) {
    throw new SpeechUnavailable(`eSpeak NG could not speak: ${(error as Error).message}`);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
