import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { loadToolboxContent } from '../../demo/toolbox-seed.js';

/** Issue 14: SPEC §7 "Learning links" — themes, a theme's topics, a topic's or a theme's links. */
describe('learning links', () => {
  let ctx: TestContext;
  let token: string;
  const get = (path: string) => call(ctx.app, 'GET', `/api${path}`, { token });
  type Theme = { _id: string; name: string; hasTopics: boolean; img: string; intro: string };

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await login(ctx.app, DEMO.etudiant)).token;
  });
  afterAll(() => ctx.close());

  it('lists themes with International mobility last, topics by theme name, links by topic or theme', async () => {
    const themes = (await get('/theme')).json as Theme[];
    expect(themes.length).toBeGreaterThanOrEqual(7);
    expect(themes.at(-1)!.name).toBe('International mobility');
    for (const theme of themes) expect(theme.intro.length).toBeGreaterThan(60);

    const withTopics = themes.find((t) => t.hasTopics)!;
    const topics = (await get(`/topic/theme/name/${encodeURIComponent(withTopics.name)}`)).json as {
      name: string;
    }[];
    expect(topics.length).toBeGreaterThanOrEqual(2);
    const links = (await get(`/link/topic/name/${encodeURIComponent(topics[0]!.name)}`)).json as {
      url: string;
    }[];
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) expect(l.url).toMatch(/^https:\/\//);
    // A theme with topics has no links of its own; a theme without has them directly.
    expect((await get(`/link/theme/name/${encodeURIComponent(withTopics.name)}`)).json).toEqual([]);
    const direct = themes.find((t) => !t.hasTopics)!;
    expect((await get(`/topic/theme/name/${encodeURIComponent(direct.name)}`)).json).toEqual([]);
    expect(
      ((await get(`/link/theme/name/${encodeURIComponent(direct.name)}`)).json as unknown[]).length,
    ).toBeGreaterThan(0);

    // The theme's picture is served from storage.
    const img = await ctx.app.inject({ method: 'GET', url: `/media/learning-links/${withTopics.img}` });
    expect(img.statusCode).toBe(200);
    expect(img.headers['content-type']).toContain('image/svg+xml');
  });

  it('answers 404 for an unknown theme or topic and 400 for a name that is a path', async () => {
    expect((await get('/topic/theme/name/Nothing%20here')).status).toBe(404);
    expect((await get('/link/theme/name/Nothing%20here')).status).toBe(404);
    expect((await get('/link/topic/name/Nothing%20here')).status).toBe(404);
    expect((await get('/link/topic/name/a%2Fb')).status).toBe(400);
    expect((await call(ctx.app, 'GET', '/api/theme')).status).toBe(401);
  });

  it('loads again at the next start without doubling anything', async () => {
    const before = (await get('/theme')).json as Theme[];
    const topicLinks = async () =>
      (await get(`/link/topic/name/${encodeURIComponent('UK national guidance')}`)).json as unknown[];
    const count = (await topicLinks()).length;
    await loadToolboxContent(ctx.database.db, ctx.storage);
    const after = (await get('/theme')).json as Theme[];
    expect(after.map((t) => t._id)).toEqual(before.map((t) => t._id));
    expect((await topicLinks()).length).toBe(count);
    expect(((await get('/video/')).json as unknown[]).length).toBeGreaterThanOrEqual(4);
  });
});
