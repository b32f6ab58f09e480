import type net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeCmi5Unit, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';

/**
 * Issue 34: the cmi5 fetch URL answers a credentialed browser request — a browser refuses a
 * credentialed answer that allows `*` — with the request's Origin echoed, Allow-Credentials and
 * Vary: Origin, its preflight included. Over real HTTP, as an AU's browser asks.
 */
describe('the CORS of the cmi5 fetch URL (issue 34)', () => {
  let ctx: TestContext;
  let base: string;
  let token: string;
  let group: string;
  let unitId: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    await ctx.app.listen({ port: 0, host: '127.0.0.1' });
    base = `http://127.0.0.1:${(ctx.app.server.address() as net.AddressInfo).port}`;
    group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
    token = (await login(ctx.app, made.email, FACTORY_PASSWORD)).token;
    unitId = await makeCmi5Unit(ctx.database.db, { followedBy: [group] });
  });
  afterAll(async () => {
    // Keep-alive sockets of fetch would hold the server's close until they time out.
    ctx.app.server.closeAllConnections();
    await ctx.close();
  });

  /** The path of a new launch's fetch URL. */
  const fetchPath = async () => {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitId}`, {
      token,
      body: { groupId: group },
    });
    expect(res.status, res.body).toBe(200);
    return new URL(new URL(res.json.url).searchParams.get('fetch')!).pathname;
  };
  const post = (path: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: '{}',
    });

  it('answers the preflight of a credentialed request with its origin, credentials allowed', async () => {
    const res = await fetch(`${base}${await fetchPath()}`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://au.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'content-type,x-requested-with',
      },
    });
    expect(res.status).toBe(204);
    expect(res.headers.get('access-control-allow-origin')).toBe('https://au.example');
    expect(res.headers.get('access-control-allow-credentials')).toBe('true');
    expect(res.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(res.headers.get('access-control-allow-methods')).toMatch(/\bPOST\b/);
    expect(res.headers.get('access-control-allow-headers')).toBe('content-type,x-requested-with');
  });

  it('answers the POST of a sandboxed frame (Origin: null) with that origin, a refusal too', async () => {
    const path = await fetchPath();
    const first = await post(path, { origin: 'null' });
    expect(first.status).toBe(200);
    expect(first.headers.get('access-control-allow-origin')).toBe('null');
    expect(first.headers.get('access-control-allow-credentials')).toBe('true');
    expect(first.headers.get('vary')).toMatch(/\bOrigin\b/);
    expect(Object.keys(await first.json())).toEqual(['auth-token']);
    // The second call's cmi5 error, and a request the route refuses, are readable as well.
    const again = await post(path, { origin: 'https://au.example' });
    expect(again.headers.get('access-control-allow-origin')).toBe('https://au.example');
    expect((await again.json())['error-code']).toBe('1');
    // A body past the route's limit is refused (413) before the handler runs.
    const refused = await fetch(`${base}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://au.example' },
      body: JSON.stringify({ padding: 'x'.repeat(5000) }),
    });
    expect(refused.status).toBe(413);
    expect(refused.headers.get('access-control-allow-origin')).toBe('https://au.example');
    expect(refused.headers.get('access-control-allow-credentials')).toBe('true');
  });

  it('answers a request without an Origin with "*", and no credentials', async () => {
    const res = await post(await fetchPath());
    expect(res.status).toBe(200);
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    expect(res.headers.get('access-control-allow-credentials')).toBeNull();
  });
});
