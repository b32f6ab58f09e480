import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBalancer } from '../support/balancer';
import { startServer, type ServerProcess } from '../support/server-process';

const serverUrl = process.env.TEST_DATABASE_URL;

/**
 * Issue 16: two instances of the built server behind a round-robin balancer, on one PostgreSQL
 * database and one file store, started together (migrations serialised by an advisory lock). A
 * learner's session, limits and data are the same whichever instance answers, and killing one
 * loses no write it acknowledged. Needs a PostgreSQL server (TEST_DATABASE_URL, as CI sets): the
 * embedded database cannot be shared by two processes.
 */
describe.runIf(Boolean(serverUrl))('two instances behind a balancer on one PostgreSQL', () => {
  const dbName = `medenglish_multi_${Date.now()}`;
  let databaseUrl: string;
  let dataDir: string;
  let a: ServerProcess;
  let b: ServerProcess;
  let balancer: Awaited<ReturnType<typeof startBalancer>>;

  beforeAll(async () => {
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(serverUrl!);
    url.pathname = `/${dbName}`;
    databaseUrl = url.href;
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-multi-'));
    const env = { DATABASE_URL: databaseUrl, DATA_DIR: dataDir, RATE_LIMIT_LOGIN_FAILURES: '3' };
    [a, b] = await Promise.all([startServer(env), startServer(env)]);
    balancer = await startBalancer([a.baseURL, b.baseURL]);
  }, 180_000);

  afterAll(async () => {
    await balancer?.close();
    await Promise.all([a?.stop(), b?.stop()]);
    fs.rmSync(dataDir, { recursive: true, force: true });
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
  }, 60_000);

  const api = async (method: string, pathname: string, options: { token?: string; body?: unknown } = {}) => {
    const res = await fetch(`${balancer.url}/api${pathname}`, {
      method,
      headers: {
        ...(options.token ? { authorization: `Token ${options.token}` } : {}),
        ...(options.body ? { 'content-type': 'application/json' } : {}),
      },
      body: options.body ? JSON.stringify(options.body) : undefined,
    });
    const text = await res.text();
    return { status: res.status, json: text ? JSON.parse(text) : undefined };
  };

  it('serves one session, one set of limits and the same course from either instance; a killed one loses no acknowledged write', async () => {
    // Signed in through one instance, recognised by both (the signing key is the database's).
    const login = await api('POST', '/student/login', {
      body: { email: 'etudiant.demo@demo-univ.fr', password: 'DemoPass2026' },
    });
    expect(login.status).toBe(200);
    const { token, _id: me, refreshToken } = login.json;
    for (let i = 0; i < 4; i++) expect((await api('GET', `/student/${me}`, { token })).status).toBe(200);
    const refreshed = await api('POST', '/refresh', {
      body: { email: 'etudiant.demo@demo-univ.fr', refreshToken },
    });
    expect(refreshed.status).toBe(200);

    // The e-learning course is the same from both: groups, then the group's modules.
    const groups = (await api('GET', `/group/user/${me}`, { token })).json as { _id: string; name: string }[];
    const s3 = groups.find((g) => g.name === 'S3 – Groupe A')!;
    const modules = [
      (await api('GET', `/module/user/${me}/${s3._id}`, { token })).json,
      (await api('GET', `/module/user/${me}/${s3._id}`, { token })).json,
    ];
    expect(modules[0].length).toBeGreaterThanOrEqual(4);
    expect(modules[1]).toEqual(modules[0]);

    // A unit launched through one instance, its package read and its statement sent through the
    // other, the statement read back: the content frame's whole path (launch → LRS).
    const unit = modules[0][0].units[0].unit as { _id: string };
    const launch = await api('POST', `/xapi/launch/${unit._id}`, { token, body: { groupId: s3._id } });
    expect(launch.status).toBe(200);
    const launchUrl = new URL(launch.json.url, balancer.url);
    expect((await fetch(`${balancer.url}${launchUrl.pathname}`)).status).toBe(200);
    const actor = JSON.parse(launchUrl.searchParams.get('actor')!);
    const statementId = crypto.randomUUID();
    const lrs = (method: string, pathAndQuery: string, body?: unknown) =>
      fetch(`${balancer.url}/api/xapi/${pathAndQuery}`, {
        method,
        headers: {
          authorization: launchUrl.searchParams.get('auth')!,
          'x-experience-api-version': '1.0.3',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
    const sent = await lrs('POST', 'statements', {
      id: statementId,
      actor,
      verb: { id: 'http://adlnet.gov/expapi/verbs/experienced', display: { 'en-GB': 'experienced' } },
      object: { objectType: 'Activity', id: launchUrl.searchParams.get('activity_id') },
      context: { registration: launchUrl.searchParams.get('registration') },
    });
    expect(sent.status).toBe(200);
    expect((await lrs('GET', `statements?statementId=${statementId}`)).status).toBe(200);
    expect((await lrs('GET', `statements?statementId=${statementId}`)).status).toBe(200);

    // Failed sign-ins are counted once for both: the fourth is refused whichever instance answers.
    const wrong = { email: 'tiers-temps.demo@demo-univ.fr', password: 'NotThePassword1' };
    for (let i = 0; i < 3; i++)
      expect((await api('POST', '/student/login', { body: wrong })).status).toBe(401);
    expect((await api('POST', '/student/login', { body: wrong })).status).toBe(429);

    // Words starred one after the other; one instance is killed half-way: every acknowledged
    // star is there afterwards, read through the instance left.
    const words = ((await api('GET', '/glossary/', { token })).json as { _id: string }[]).slice(0, 10);
    const acknowledged: string[] = [];
    for (const [i, word] of words.entries()) {
      if (i === 5) await a.kill();
      const res = await api('PUT', `/glossary/stars/${me}/${word._id}`, { token });
      if (res.status === 200) acknowledged.push(word._id);
    }
    expect(acknowledged).toHaveLength(10);
    const stars = (await api('GET', `/glossary/stars/${me}`, { token })).json as { wordId: string }[];
    expect(stars.map((s) => s.wordId).sort()).toEqual([...acknowledged].sort());
    expect(balancer.served.get(a.baseURL)).toBeGreaterThan(2);
    expect(balancer.served.get(b.baseURL)).toBeGreaterThan(2);
  }, 120_000);
});
