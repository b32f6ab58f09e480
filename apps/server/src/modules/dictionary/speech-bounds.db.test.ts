import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ErrorCode, messages } from '@medenglish/shared';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/**
 * A stand-in for eSpeak NG at ESPEAK_PATH, run by the real adapter (integrations/speech): a shell
 * script that notes each word it is asked to read and how many runs are under way when it starts,
 * takes `seconds`, then writes a small WAV where `-w` says.
 */
function fakeEngine(seconds: number) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-fake-espeak-'));
  const script = path.join(dir, 'espeak-ng');
  fs.writeFileSync(
    script,
    `#!/bin/sh
dir='${dir}'
out=''; word=''
while [ $# -gt 0 ]; do
  case "$1" in
    -w) out="$2"; shift 2 ;;
    --) word="$2"; shift 2 ;;
    *) shift ;;
  esac
done
touch "$dir/running.$$"
ls "$dir" | grep -c '^running\\.' >> "$dir/concurrency"
echo "$word" >> "$dir/words"
sleep ${seconds}
printf 'RIFF$\\000\\000\\000WAVEfmt \\020\\000\\000\\000\\001\\000\\001\\000"V\\000\\000D\\254\\000\\000\\002\\000\\020\\000data\\000\\000\\000\\000' > "$out"
rm -f "$dir/running.$$"
`,
    { mode: 0o755 },
  );
  const lines = (name: string) => {
    const file = path.join(dir, name);
    return fs.existsSync(file) ? fs.readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
  };
  return {
    path: script,
    /** The words read, one per run. */
    words: () => lines('words'),
    /** Runs under way as each run started. */
    concurrency: () => lines('concurrency').map(Number),
    remove: () => fs.rmSync(dir, { recursive: true, force: true }),
  };
}

/** A clip's storage key, from the address the API answered. */
const keyOf = (url: string) => url.replace(/^\/media\//, '');

/** Issue 32: GET /speech/{word} starts a process and keeps a file: only for known words, bounded. */
describe('speech: known words only, a bounded queue and a bounded store', () => {
  let ctx: TestContext;
  let token: string;
  const engine = fakeEngine(0.5);
  const speak = (word: string) => call(ctx.app, 'GET', `/api/speech/${encodeURIComponent(word)}`, { token });
  const stored = async () => (await ctx.storage.list('speech')).map((c) => c.key);

  beforeAll(async () => {
    ctx = await createTestContext({
      config: {
        ESPEAK_PATH: engine.path,
        SPEECH_CONCURRENCY: 2,
        SPEECH_QUEUE_LENGTH: 2,
        SPEECH_MAX_CLIPS: 3,
      },
    });
    token = (await login(ctx.app, DEMO.etudiant)).token;
  });
  afterAll(async () => {
    await ctx.close();
    engine.remove();
  });

  it('answers 404 for a word neither the dictionary nor the glossary knows, and starts nothing', async () => {
    const res = await speak('zzqxyplorb');
    expect(res.status).toBe(404);
    expect(res.json.error).toEqual({
      code: ErrorCode.NOT_FOUND,
      message: messages.pronunciation.speechUnknownWord('zzqxyplorb'),
    });
    expect(engine.words()).toEqual([]);
    expect(await stored()).toEqual([]);
    // Inflected forms the dictionary resolves, and the glossary's own terms, are words.
    expect((await speak('tachycardias')).status).toBe(200);
    const glossaryOnly = 'faecal immunochemical test';
    const lookup = await call(ctx.app, 'GET', `/api/dictionary/${encodeURIComponent(glossaryOnly)}`, {
      token,
    });
    expect(lookup.json).toMatchObject({ meanings: [], glossary: { word: glossaryOnly } });
    expect((await speak(glossaryOnly)).status).toBe(200);
    expect(engine.words()).toEqual(['tachycardias', glossaryOnly]);
  });

  it('never runs more engines at once than SPEECH_CONCURRENCY; the others wait their turn', async () => {
    const words = ['heart', 'lung', 'kidney', 'spleen'];
    const answers = await Promise.all(words.map(speak));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(engine.words().slice(-4).sort()).toEqual([...words].sort());
    expect(Math.max(...engine.concurrency())).toBeLessThanOrEqual(2);
  });

  it('answers 503 with Retry-After past the queue, without starting an engine', async () => {
    const words = ['ankle', 'wrist', 'elbow', 'knee', 'thumb', 'finger', 'shoulder', 'hip', 'spine', 'skull'];
    const before = engine.words().length;
    const answers = await Promise.all(words.map(speak));
    const busy = answers.filter((a) => a.status === 503);
    expect(busy.length).toBeGreaterThan(0);
    for (const answer of busy) {
      expect(answer.headers['retry-after']).toBe('5');
      expect(answer.json.error).toEqual({
        code: ErrorCode.OVERLOADED,
        message: messages.pronunciation.speechBusy,
      });
    }
    const read = answers.filter((a) => a.status === 200).length;
    expect(read + busy.length).toBe(words.length);
    expect(engine.words().length - before).toBe(read);
    expect(Math.max(...engine.concurrency())).toBeLessThanOrEqual(2);
  });

  it('keeps at most SPEECH_MAX_CLIPS clips, the least recently used going first, read again on demand', async () => {
    const words = ['liver', 'stomach', 'bladder', 'tongue', 'throat'];
    const urls: string[] = [];
    for (const word of words) {
      const res = await speak(word);
      expect(res.status).toBe(200);
      urls.push(res.json.url);
    }
    expect((await stored()).sort()).toEqual(urls.slice(2).map(keyOf).sort());
    // The oldest, evicted, is read again when asked for (and another makes room for it).
    const again = await speak('liver');
    expect(again.json.url).toBe(urls[0]);
    expect(engine.words().filter((w) => w === 'liver')).toHaveLength(2);
    expect((await ctx.app.inject({ method: 'GET', url: again.json.url })).statusCode).toBe(200);
    const now = await stored();
    expect(now).toHaveLength(3);
    expect(now).toContain(keyOf(urls[0]!));
    // A clip still stored plays without a new run.
    const runs = engine.words().length;
    expect((await speak('throat')).status).toBe(200);
    expect(engine.words()).toHaveLength(runs);
  });
});

describe('speech: new words per learner', () => {
  let ctx: TestContext;
  const engine = fakeEngine(0);

  beforeAll(async () => {
    ctx = await createTestContext({ config: { ESPEAK_PATH: engine.path, RATE_LIMIT_SPEECH_WORDS: 3 } });
  });
  afterAll(async () => {
    await ctx.close();
    engine.remove();
  });

  it('refuses a learner more than RATE_LIMIT_SPEECH_WORDS new words (429); stored words and others still play', async () => {
    const learner = (await login(ctx.app, DEMO.etudiant)).token;
    const other = (await login(ctx.app, DEMO.salarie)).token;
    const speak = (token: string, word: string) => call(ctx.app, 'GET', `/api/speech/${word}`, { token });

    const first = await speak(learner, 'heart');
    for (const word of ['lung', 'kidney']) expect((await speak(learner, word)).status).toBe(200);
    const refused = await speak(learner, 'spleen');
    expect(refused.status).toBe(429);
    expect(refused.json.error).toEqual({
      code: ErrorCode.RATE_LIMITED,
      message: messages.common.rateLimited(ctx.config.RATE_LIMIT_WINDOW_MINUTES),
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(engine.words()).toEqual(['heart', 'lung', 'kidney']);

    // A word already stored plays for the learner, counting nothing.
    const cached = await speak(learner, 'heart');
    expect(cached.status).toBe(200);
    expect(cached.json.url).toBe(first.json.url);
    // Another learner has a budget of their own, and reads the refused word.
    expect((await speak(other, 'spleen')).status).toBe(200);
    expect((await speak(other, 'lung')).status).toBe(200);
    expect(engine.words()).toEqual(['heart', 'lung', 'kidney', 'spleen']);
  });
});
