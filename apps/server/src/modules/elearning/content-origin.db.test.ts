import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeCmi5Unit, makeUnit, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { contentOriginOf, onContentOrigin } from './content-origin.js';

/**
 * Decision 0042: packages served from a content origin of their own. A library that reads
 * `document.cookie` when its LRS is on its page's origin (axios, inside @xapi/cmi5) fails in the
 * opaque sandbox; on another origin it never asks. The app's pages and API never answer there.
 */
const CONTENT = 'http://content.medenglish.test';
const APP_HOST = 'localhost:80';

describe('content origin (decision 0042)', () => {
  let ctx: TestContext;
  let token: string;
  let group: string;

  beforeAll(async () => {
    ctx = await createTestContext({ config: { CONTENT_ORIGIN: CONTENT, PUBLIC_URL: 'http://localhost' } });
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    token = (await login(ctx.app, made.email, FACTORY_PASSWORD)).token;
    await ctx.storage.put('content/origin-test/index.html', Buffer.from('<!doctype html><title>t</title>'), {
      contentType: 'text/html; charset=utf-8',
    });
  });
  afterAll(() => ctx.close());

  const launch = async (unitId: string) => {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitId}`, {
      token,
      body: { groupId: group },
    });
    expect(res.status, res.body).toBe(200);
    return new URL(res.json.url as string);
  };

  it('opens a Tin Can package and a cmi5 AU from the content origin; their LRS stays on the app’s', async () => {
    const tincan = await launch(await makeUnit(ctx.database.db, [group]));
    expect(tincan.origin).toBe(CONTENT);
    expect(tincan.pathname).toMatch(/^\/media\/content\//);
    expect(new URL(tincan.searchParams.get('endpoint')!).href).toBe('http://localhost/api/xapi/');

    const cmi5 = await launch(
      await makeCmi5Unit(ctx.database.db, { followedBy: [group], urlQuery: 'lesson=2' }),
    );
    expect(cmi5.origin).toBe(CONTENT);
    expect(cmi5.search.startsWith('?lesson=2&')).toBe(true);
    expect(new URL(cmi5.searchParams.get('fetch')!).origin).toBe('http://localhost');
    expect(new URL(cmi5.searchParams.get('endpoint')!).origin).toBe('http://localhost');
  });

  it('serves package files on the content host, in the sandbox, allowed to call the app’s LRS', async () => {
    const res = await ctx.app.inject({
      method: 'GET',
      url: '/media/content/origin-test/index.html',
      headers: { host: 'content.medenglish.test' },
    });
    expect(res.statusCode).toBe(200);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/^sandbox allow-scripts/);
    expect(csp).toContain("connect-src 'self' http://localhost");
    expect(csp).not.toContain('allow-same-origin');
  });

  it('answers nothing but package files on the content host: no app page, no API, no other file', async () => {
    for (const [method, url] of [
      ['GET', '/'],
      ['GET', '/dashboard'],
      ['GET', '/api/health'],
      ['POST', '/api/student/login'],
      ['GET', '/api/xapi/about'],
      ['GET', '/media/placementTest/audio.mp3'],
      ['POST', '/media/content/origin-test/index.html'],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: { host: 'CONTENT.medenglish.test' } });
      expect(res.statusCode, `${method} ${url}`).toBe(404);
    }
    // The app's own host answers as before.
    const about = await ctx.app.inject({
      method: 'GET',
      url: '/api/xapi/about',
      headers: { host: APP_HOST },
    });
    expect(about.statusCode).toBe(200);
  });

  it('lets the app frame the content origin', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/', headers: { host: APP_HOST } });
    expect(String(res.headers['content-security-policy'])).toContain(`frame-src 'self' ${CONTENT}`);
  });
});

describe('content origin configuration', () => {
  it('takes an origin only, and never the app’s own', () => {
    expect(loadConfig({ CONTENT_ORIGIN: 'https://content.example.org/' }).CONTENT_ORIGIN).toBe(
      'https://content.example.org',
    );
    expect(loadConfig({ CONTENT_ORIGIN: '' }).CONTENT_ORIGIN).toBeUndefined();
    expect(() => loadConfig({ CONTENT_ORIGIN: 'https://content.example.org/packages' })).toThrow(
      /CONTENT_ORIGIN/,
    );
    expect(() => loadConfig({ CONTENT_ORIGIN: 'ftp://content.example.org' })).toThrow(/CONTENT_ORIGIN/);
    expect(() =>
      contentOriginOf({ CONTENT_ORIGIN: 'https://app.example.org' }, 'https://app.example.org/'),
    ).toThrow(/CONTENT_ORIGIN/);
    expect(contentOriginOf({}, 'https://app.example.org')).toBeNull();
  });

  it('moves a launch address, relative or absolute, to the content origin and nothing else', () => {
    expect(onContentOrigin('/media/content/a/story.html?endpoint=x#p', CONTENT)).toBe(
      `${CONTENT}/media/content/a/story.html?endpoint=x#p`,
    );
    expect(
      onContentOrigin(
        'http://localhost:3000/media/content/a/au.html?fetch=http%3A%2F%2Flocalhost%3A3000',
        CONTENT,
      ),
    ).toBe(`${CONTENT}/media/content/a/au.html?fetch=http%3A%2F%2Flocalhost%3A3000`);
  });
});
