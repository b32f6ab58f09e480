import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq } from 'drizzle-orm';
import { dashboardCalls } from '@medenglish/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.js';
import { DEMO_IDS } from '../demo/demo-ids.js';
import { groupIdByName, makeUser, type MadeUser } from '../test/factories.js';
import { call } from '../test/api.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

const TEMPLATE =
  '<!doctype html><html><head><script type="module" src="/assets/index-1.js"></script></head>' +
  '<body><div id="root"></div></body></html>';

/** The JSON the page carries for the web app, or null. */
function startupDataOf(html: string): any {
  const match = /<script type="application\/json" id="startup-data">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : null;
}
function publicDataOf(html: string): any {
  const match = /<script type="application\/json" id="public-data">(.*?)<\/script>/s.exec(html);
  return match ? JSON.parse(match[1]!) : undefined;
}
/** A web build as the server reads it: the page template, the outline, the route files. */
function fakeWebBuild(placeholder: string, routeFiles: object): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-web-'));
  fs.writeFileSync(path.join(dir, 'index.html'), TEMPLATE);
  fs.writeFileSync(path.join(dir, 'signed-in-placeholder.html'), placeholder);
  fs.writeFileSync(path.join(dir, 'route-files.json'), JSON.stringify(routeFiles));
  return dir;
}

const preloadsOf = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" crossorigin href="([^"]+)">/g)].map((m) => m[1]);

describe('the single page of a signed-in visit', () => {
  let ctx: TestContext;
  let webDist: string;
  let learner: MadeUser;
  let token: string;
  beforeAll(async () => {
    webDist = fakeWebBuild('<div class="ph-bar">$&</div>', {
      shell: ['/assets/shell-1.js', '/assets/shared-1.js'],
      routes: [
        { path: '/dashboard', files: ['/assets/dashboard-1.js', '/assets/shared-1.js'] },
        { path: '/elearning/course/', files: ['/assets/module-1.js'] },
      ],
      fallback: ['/assets/not-found-1.js'],
    });
    ctx = await createTestContext({ config: { webDist } });
    const groupId = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    learner = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [groupId] });
    // A name that would end the data element if it were written as it is.
    await ctx.database.db
      .update(users)
      .set({ firstname: '</script><script>alert(1)</script>' })
      .where(eq(users.id, learner.id));
    token = (
      await call(ctx.app, 'POST', '/api/student/login', {
        body: { email: learner.email, password: 'Factory-Pass-2026' },
      })
    ).json.token;
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string, headers: Record<string, string> = {}) =>
    ctx.app.inject({ url, headers: { ...(cookie ? { cookie } : {}), ...headers } });

  it('writes the four first answers of the API, for the learner of the token cookie, into the page', async () => {
    const res = await page('/dashboard', `other=1; token=${encodeURIComponent(token)}`);
    expect(res.statusCode).toBe(200);
    const data = startupDataOf(res.body);
    expect(data.userId).toBe(learner.id);
    // The same answers as the API's own calls.
    const api = async (url: string) => (await call(ctx.app, 'GET', url, { token })).json;
    expect(data.user).toEqual(await api(`/api/student/${learner.id}`));
    expect(data.groups).toEqual(await api(`/api/group/user/${learner.id}`));
    expect(data.groups.map((g: { name: string }) => g.name)).toContain('S3 – Groupe A');
    expect(data.company).toEqual(await api(`/api/company/${DEMO_IDS.universite}`));
    expect(data.time.today).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // Personal: kept by no cache.
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.headers.vary).toContain('Cookie');
  });

  it("answers the dashboard's card reads into its page, and only the dashboard's", async () => {
    const data = startupDataOf((await page('/dashboard', `token=${token}`)).body);
    const api = async (url: string) => call(ctx.app, 'GET', url, { token });
    // The learner's default group: the only one here, of their own semester, so its files too.
    const group = data.groups[0];
    const expected = dashboardCalls(data.user, group);
    expect(expected).toContain(`/unittrackers/user/${learner.id}/${group._id}`);
    expect(Object.keys(data.responses).sort()).toEqual(
      // Every read the API answers 200, each with the API's own answer.
      (
        await Promise.all(
          expected.map(async (path) => ((await api(`/api${path}`)).status === 200 ? path : null)),
        )
      )
        .filter((path) => path !== null)
        .sort(),
    );
    expect(Object.keys(data.responses).length).toBeGreaterThanOrEqual(10);
    for (const [path, answer] of Object.entries(data.responses))
      expect(answer, path).toEqual((await api(`/api${path}`)).json);
    // Another page gets the four first answers only.
    expect(startupDataOf((await page('/profile', `token=${token}`)).body).responses).toBeUndefined();
  });

  it('cannot be broken out of by a stored value', async () => {
    const res = await page('/dashboard', `token=${token}`);
    expect(res.body).not.toContain('</script><script>alert(1)');
    expect(res.body.match(/<\/script>/g)).toHaveLength(2);
    expect(startupDataOf(res.body).user.firstname).toBe('</script><script>alert(1)</script>');
  });

  it("names the shell's and the page's own files once each, matched like the web router", async () => {
    expect(preloadsOf((await page('/dashboard', `token=${token}`)).body)).toEqual([
      '/assets/shell-1.js',
      '/assets/shared-1.js',
      '/assets/dashboard-1.js',
    ]);
    expect(preloadsOf((await page('/elearning/course/anatomy', `token=${token}`)).body)).toEqual([
      '/assets/shell-1.js',
      '/assets/shared-1.js',
      '/assets/module-1.js',
    ]);
    expect(preloadsOf((await page('/nowhere', `token=${token}`)).body)).toContain('/assets/not-found-1.js');
  });

  it("draws the shell's outline in the learner's theme and language before any script", async () => {
    const res = await page('/dashboard', `theme=dark; token=${token}`);
    expect(res.body).toContain('<div id="root"><div class="ph-bar">$&</div></div>');
    expect(res.body).toMatch(
      /^<!doctype html><html data-theme="dark" lang="fr">|^<!doctype html><html lang="fr" data-theme="dark">/,
    );
    // No theme cookie (or an unknown value): the outline follows the system's preference.
    for (const cookie of [`token=${token}`, `theme=<b>; token=${token}`])
      expect((await page('/dashboard', cookie)).body).not.toContain('data-theme');
    await ctx.database.db.update(users).set({ language: 'en' }).where(eq(users.id, learner.id));
    expect((await page('/dashboard', `token=${token}`)).body).toContain('<html lang="en">');
    await ctx.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, learner.id));
  });

  it("gives the login page the public configuration as the API answers it, and nothing of a session's", async () => {
    for (const cookie of [undefined, `token=${token}`]) {
      const res = await page('/', cookie);
      expect(res.statusCode).toBe(200);
      const data = publicDataOf(res.body);
      expect(data.publicConfig).toEqual((await call(ctx.app, 'GET', '/api/config/public')).json);
      expect(data.publicConfig).toHaveProperty('maintenance');
      expect(res.body).not.toContain('startup-data');
      expect(res.body).not.toContain('modulepreload');
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('adds nothing to a signed-in page without a session, or with a forged or unreadable token', async () => {
    for (const [url, cookie] of [
      ['/dashboard', undefined],
      ['/dashboard', 'token=forged.token.value'],
      ['/dashboard', 'token=%E0%A4%A'],
      ['/dashboard', `token=${'x'.repeat(9000)}`],
    ] as const) {
      const res = await page(url, cookie);
      expect(res.statusCode, `${url} ${cookie?.slice(0, 20)}`).toBe(200);
      // Without a readable session cookie the app shows the login page there: its public data.
      if (res.body !== TEMPLATE) expect(publicDataOf(res.body)).toHaveProperty('publicConfig');
      expect(startupDataOf(res.body)).toBeNull();
      expect(res.headers['cache-control']).toBe('no-cache');
    }
  });

  it('leaves out what the API does not answer 200 (an account deleted since its token was signed)', async () => {
    // A deleted account: the token still verifies, the API answers 404 for the learner.
    const gone = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite });
    const goneToken = (
      await call(ctx.app, 'POST', '/api/student/login', {
        body: { email: gone.email, password: 'Factory-Pass-2026' },
      })
    ).json.token;
    await ctx.database.db.delete(users).where(eq(users.id, gone.id));
    const data = startupDataOf((await page('/dashboard', `token=${goneToken}`)).body);
    expect(data.userId).toBe(gone.id);
    expect(data.user).toBeUndefined();
    expect(data.time.today).toMatch(/^\d{4}-/);
  });

  it('is sent compressed when the browser accepts it', async () => {
    const br = await page('/dashboard', `token=${token}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(startupDataOf(zlib.brotliDecompressSync(br.rawPayload).toString()).userId).toBe(learner.id);
    const gz = await page('/', undefined, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(publicDataOf(zlib.gunzipSync(gz.rawPayload).toString())).toHaveProperty('publicConfig');
  });
});

describe("the first screens drawn on the server: the dashboard's first cards, the login card (issue 10)", () => {
  let ctx: TestContext;
  let webDist: string;
  let token: string;
  const mode = globalThis as { firstScreenTest?: 'draw' | 'fail' | 'nothing' };
  beforeAll(async () => {
    webDist = fakeWebBuild('<div class="ph-bar"></div>', {
      shell: ['/assets/shell-1.js'],
      routes: [{ path: '/dashboard', files: ['/assets/dashboard-1.js'] }],
      fallback: [],
    });
    // Stands for the web app's SSR build (apps/web/src/ssr, tested there): what the page does with it.
    fs.mkdirSync(path.join(webDist, 'server'));
    fs.writeFileSync(
      path.join(webDist, 'server/first-screens.js'),
      `export function renderLoginFirstScreen(data, options) {
        if (globalThis.firstScreenTest === 'fail') throw new Error('broken render');
        if (globalThis.firstScreenTest === 'nothing') return null;
        return {
          html: '<div id="first-screen" data-screen="login" data-language="' + (options.language ?? 'fr') +
            '" data-theme="' + options.theme + '"><form method="post" action="/">' +
            (data.publicConfig.ssoProviders ? 'public data' : '') + '</form></div>',
          styles: '<style data-emotion="css y">.css-y{}</style>',
        };
      }
      export async function renderDashboardFirstScreen(data, options) {
        if (globalThis.firstScreenTest === 'fail') throw new Error('broken render');
        if (globalThis.firstScreenTest === 'nothing') return null;
        return {
          html: '<div id="first-screen" data-theme="' + options.theme + '" data-user="' + data.userId +
            '">' + Object.keys(data.responses ?? {}).length + ' answers</div>',
          styles: '<style data-emotion="css x">.css-x{}</style>',
        };
      }`,
    );
    mode.firstScreenTest = 'draw';
    ctx = await createTestContext({ config: { webDist } });
    const groupId = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const learner = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [groupId] });
    token = (
      await call(ctx.app, 'POST', '/api/student/login', {
        body: { email: learner.email, password: 'Factory-Pass-2026' },
      })
    ).json.token;
    // The module is loaded in the background as the server starts.
    for (let tries = 0; tries < 100; tries++) {
      if ((await page('/dashboard', `token=${token}`)).body.includes('id="first-screen"')) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });
  afterAll(async () => {
    delete mode.firstScreenTest;
    await ctx.close();
    fs.rmSync(webDist, { recursive: true, force: true });
  });

  const page = (url: string, cookie?: string) => ctx.app.inject({ url, headers: cookie ? { cookie } : {} });

  it('puts them in #root before the outline, their styles in the head, from the answers of the page', async () => {
    mode.firstScreenTest = 'draw';
    const html = (await page('/dashboard', `theme=dark; token=${token}`)).body;
    const data = startupDataOf(html);
    expect(html).toContain(
      `<div id="root"><div id="first-screen" data-theme="dark" data-user="${data.userId}">` +
        `${Object.keys(data.responses).length} answers</div><div class="ph-bar"></div></div>`,
    );
    expect(html).toMatch(/<style data-emotion="css x">\.css-x\{\}<\/style><\/head>/);
    // Light without a theme cookie (the drawn cards then hide on a dark system: tested in the web app).
    expect((await page('/dashboard', `token=${token}`)).body).toContain('data-theme="light"');
  });

  it('starts the app after the first paint: no download of its files begins before it', async () => {
    mode.firstScreenTest = 'draw';
    const html = (await page('/dashboard', `token=${token}`)).body;
    expect(html).not.toContain('<script type="module" src="/assets/index-1.js">');
    expect(preloadsOf(html)).toEqual([]);
    const start = html.match(
      /<script type="module" src="\/after-first-paint.js" data-entry="([^"]+)" data-files="([^"]*)"><\/script>/,
    );
    expect(start?.[1]).toBe('/assets/index-1.js');
    // The files the dashboard would have preloaded, named for after the paint.
    mode.firstScreenTest = 'nothing';
    const without = (await page('/dashboard', `token=${token}`)).body;
    expect(preloadsOf(without)).toEqual(['/assets/shell-1.js', '/assets/dashboard-1.js']);
    expect(start?.[2]?.split(' ')).toEqual(preloadsOf(without));
  });

  it('draws them on the dashboard only, and only for a session', async () => {
    mode.firstScreenTest = 'draw';
    const profile = (await page('/profile', `token=${token}`)).body;
    expect(profile).not.toContain('first-screen');
    expect(profile).toContain('<script type="module" src="/assets/index-1.js">');
    // Without a session the app shows the login card there ('/'): the server draws that one.
    const loggedOut = (await page('/dashboard')).body;
    expect(loggedOut).toContain('<div id="first-screen" data-screen="login"');
    expect(loggedOut).not.toContain('answers</div>');
  });

  it('falls back to the outline alone when the render fails or has nothing to draw, never an error', async () => {
    for (const how of ['fail', 'nothing'] as const) {
      mode.firstScreenTest = how;
      const res = await page('/dashboard', `token=${token}`);
      expect(res.statusCode, how).toBe(200);
      expect(res.body, how).not.toContain('first-screen');
      expect(res.body, how).toContain('<div id="root"><div class="ph-bar"></div></div>');
      expect(res.body, how).toContain('<script type="module" src="/assets/index-1.js">');
      expect(startupDataOf(res.body).responses, how).toBeDefined();
    }
  });

  it('never sends the render module itself', async () => {
    expect((await page('/server/first-screens.js')).statusCode).toBe(404);
  });

  it("draws the login card on a plain '/', in the visitor's language and theme, the app started after the paint", async () => {
    mode.firstScreenTest = 'draw';
    const html = (await page('/', 'language=en; theme=dark')).body;
    expect(html).toContain(
      '<div id="root"><div id="first-screen" data-screen="login" data-language="en" data-theme="dark">' +
        '<form method="post" action="/">public data</form></div></div>',
    );
    expect(html).toMatch(/<html lang="en" data-theme="dark"|<html data-theme="dark" lang="en"/);
    expect(html).toMatch(/<style data-emotion="css y">\.css-y\{\}<\/style><\/head>/);
    expect(publicDataOf(html)).toHaveProperty('publicConfig');
    // The start script names the entry; no download begins before the paint.
    expect(html).not.toContain('<script type="module" src="/assets/index-1.js">');
    expect(preloadsOf(html)).toEqual([]);
    expect(html).toMatch(
      /<script type="module" src="\/after-first-paint.js" data-entry="\/assets\/index-1.js" data-files=""><\/script>/,
    );
    // French and light without cookies.
    expect((await page('/')).body).toContain('data-screen="login" data-language="fr" data-theme="light"');
  });

  it("leaves '/' to the app with a session cookie, a parameter, or a failing or empty render", async () => {
    mode.firstScreenTest = 'draw';
    const pages = [await page('/', `token=${token}`), await page('/?code=ABC')];
    for (const how of ['fail', 'nothing'] as const) {
      mode.firstScreenTest = how;
      pages.push(await page('/'));
    }
    for (const res of pages) {
      expect(res.statusCode).toBe(200);
      expect(res.body).not.toContain('first-screen');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).toContain('<script type="module" src="/assets/index-1.js">');
      expect(publicDataOf(res.body)).toHaveProperty('publicConfig');
    }
  });

  it('answers the drawn form posted before any script with the page again, its body unread', async () => {
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'email=a%40b.fr&password=secret',
    });
    expect(res.statusCode).toBe(303);
    expect(res.headers.location).toBe('/');
  });
});
