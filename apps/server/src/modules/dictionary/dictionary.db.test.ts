import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/** Issue 15: the pronunciation box's lookup and the server's reading of a word. */
describe('dictionary and speech', () => {
  let ctx: TestContext;
  let token: string;
  const get = (path: string) => call(ctx.app, 'GET', `/api${path}`, { token });

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await login(ctx.app, DEMO.etudiant)).token;
  });
  afterAll(() => ctx.close());

  it("puts our glossary's medical term first, then the dictionary's meanings", async () => {
    const res = await get('/dictionary/tachycardia');
    expect(res.status).toBe(200);
    expect(res.json.glossary).toMatchObject({ word: 'tachycardia', translation: 'tachycardie' });
    expect(res.json.meanings[0].partOfSpeech).toBe('noun');
    expect(res.json.suggestions).toEqual([]);
  });

  it('gives meanings by part of speech, at most 5 synonyms and 5 antonyms (SPEC §9)', async () => {
    const res = await get('/dictionary/healthy');
    expect(res.json.glossary).toBeNull();
    const adjective = res.json.meanings.find((m: { partOfSpeech: string }) => m.partOfSpeech === 'adjective');
    expect(adjective.antonyms).toContain('unhealthy');
    for (const m of res.json.meanings) {
      expect(m.synonyms.length).toBeLessThanOrEqual(5);
      expect(m.antonyms.length).toBeLessThanOrEqual(5);
    }
  });

  it('says an unknown word is unknown and suggests close spellings; refuses what is not a word', async () => {
    const res = await get('/dictionary/tachycardai');
    expect(res.status).toBe(200);
    expect(res.json).toMatchObject({ glossary: null, meanings: [] });
    expect(res.json.suggestions).toContain('tachycardia');
    for (const bad of ['xq', '%3Cscript%3E', 'abc1'])
      expect((await get(`/dictionary/${bad}`)).status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/dictionary/healthy')).status).toBe(401);
  });

  it('reads a word with an en-GB voice once, then serves the same file', async () => {
    const first = await get('/speech/bradycardia');
    expect(first.status).toBe(200);
    expect(first.json.url).toMatch(/^\/media\/speech\/en-gb-x-rp\/[0-9a-f]{32}\.wav$/);
    const audio = await ctx.app.inject({ method: 'GET', url: first.json.url });
    expect(audio.statusCode).toBe(200);
    expect(audio.headers['content-type']).toBe('audio/wav');
    expect(audio.rawPayload.subarray(0, 4).toString()).toBe('RIFF');
    const again = await get('/speech/Bradycardia');
    expect(again.json.url).toBe(first.json.url);
    expect((await get('/speech/bradycardia?voice=en-gb')).json.url).not.toBe(first.json.url);
    expect((await get('/speech/bradycardia?voice=en-us')).status).toBe(400);
  });
});
