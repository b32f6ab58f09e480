import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { units } from '../../db/schema.js';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import {
  ispringPackage,
  risePackage,
  storylinePackage,
  TOOL_ACTIVITIES,
  underTopFolder,
  type PackageEntry,
} from '../../test/authoring-tool-packages.js';
import { FACTORY_PASSWORD, groupIdByName, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { buildZip } from '../../test/zip.js';
import { importPackage } from './content-import.service.js';

type Session = Awaited<ReturnType<typeof login>>;

/**
 * Packages shaped like Rise, Storyline and iSpring exports: each imports, launches with its own
 * launch file and query, and its statements and resume document reach the LRS with the launch
 * credentials, as the package's scripts send them (the browser test runs those scripts).
 */
describe('content import: packages shaped like authoring tools', () => {
  let ctx: TestContext;
  let dir: string;
  let learner: Session;
  let group: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-tools-'));
    group = await groupIdByName(ctx.database.db, 'Parcours Clinique');
    const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.clinique, memberOf: [group] });
    learner = await login(ctx.app, made.email, FACTORY_PASSWORD);
  });
  afterAll(async () => {
    await ctx.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  const importZip = (name: string, entries: PackageEntry[]) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, buildZip(entries));
    return importPackage(ctx.database.db, ctx.storage, file, {
      module: 'Authoring tools',
      groups: ['Parcours Clinique'],
    });
  };

  async function launch(unitId: string) {
    const res = await call(ctx.app, 'POST', `/api/xapi/launch/${unitId}`, {
      token: learner.token,
      body: { groupId: group },
    });
    expect(res.status).toBe(200);
    const url = new URL(res.json.url as string, 'http://localhost');
    const q = url.searchParams;
    return {
      url,
      auth: q.get('auth')!,
      actor: JSON.parse(q.get('actor')!) as Record<string, string>,
      activityId: q.get('activity_id')!,
      registration: q.get('registration')!,
    };
  }
  type Launch = Awaited<ReturnType<typeof launch>>;

  const lrs = (l: Launch, method: 'GET' | 'POST' | 'PUT', url: string, body?: unknown) =>
    ctx.app.inject({
      method,
      url: `/api/xapi/${url}`,
      headers: {
        authorization: l.auth,
        'x-experience-api-version': '1.0.3',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      payload: body === undefined ? undefined : JSON.stringify(body),
    });
  const send = (l: Launch, verb: string, objectId = l.activityId, result?: unknown) =>
    lrs(l, 'POST', 'statements', {
      actor: l.actor,
      verb: { id: `http://adlnet.gov/expapi/verbs/${verb}`, display: { 'en-GB': verb } },
      object: { objectType: 'Activity', id: objectId },
      context: { registration: l.registration },
      ...(result ? { result } : {}),
    });
  const stateUrl = (l: Launch, stateId: string) =>
    `activities/state?${new URLSearchParams({
      activityId: l.activityId,
      agent: JSON.stringify(l.actor),
      stateId,
      registration: l.registration,
    }).toString()}`;
  const unitVerb = async (unitId: string) => {
    const modules = await call(ctx.app, 'GET', `/api/module/user/${learner._id}/${group}`, {
      token: learner.token,
    });
    const unit = (modules.json as { units: { unit: { _id: string }; verb: string | null }[] }[])
      .flatMap((m) => m.units)
      .find((u) => u.unit._id === unitId);
    return unit?.verb;
  };

  it('Storyline: BOM manifest with many activities, story.html?tincan=true, slides in nested frames', async () => {
    const result = await importZip('storyline.zip', storylinePackage());
    expect(result).toMatchObject({ created: true, activityId: TOOL_ACTIVITIES.storyline });
    const [row] = await ctx.database.db.select().from(units).where(eq(units.id, result.unitId));
    expect(row).toMatchObject({ name: 'Ward handover with SBAR', launchPoint: 'story.html?tincan=true' });

    const l = await launch(result.unitId);
    expect(l.url.pathname).toBe(`/media/${result.folder}/story.html`);
    expect(l.url.searchParams.get('tincan')).toBe('true');
    expect(l.activityId).toBe(TOOL_ACTIVITIES.storyline);
    // The slide the player frames is served with the package, in the same sandbox.
    const slide = await ctx.app.inject({
      method: 'GET',
      url: `/media/${result.folder}/story_content/slides/slide2.html`,
    });
    expect(slide.statusCode).toBe(200);
    expect(slide.body).toContain('Situation and background');
    expect(slide.headers['content-security-policy']).toContain('sandbox allow-scripts');
    expect(slide.headers['content-security-policy']).not.toContain('allow-same-origin');
    expect(slide.headers['content-security-policy']).not.toContain('allow-popups-to-escape-sandbox');
    // Its ancestors include the player's opaque origin, which no frame-ancestors source matches.
    expect(slide.headers['content-security-policy']).not.toContain('frame-ancestors');
    expect(slide.headers['x-frame-options']).toBeUndefined();
    // A sandboxed popup is not loaded under any other opener policy.
    expect(slide.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    // The app's own pages still refuse to be framed by others.
    const app = await ctx.app.inject({ method: 'GET', url: '/api/health' });
    expect(app.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(app.headers['cross-origin-opener-policy']).toBe('same-origin');

    // The player marks the course attempted; a slide reports on its own activity, under the
    // course's; the last one completes the course.
    expect((await send(l, 'attempted')).statusCode).toBe(200);
    expect((await send(l, 'experienced', `${l.activityId}/slide2`)).statusCode).toBe(200);
    expect((await lrs(l, 'PUT', stateUrl(l, 'resume'), { slide: 2 })).statusCode).toBe(204);
    expect(await unitVerb(result.unitId)).toBe('attempted');
    expect((await send(l, 'completed', l.activityId, { completion: true })).statusCode).toBe(200);
    expect(await unitVerb(result.unitId)).toBe('completed');
    // Another launch resumes from the saved slide.
    const again = await launch(result.unitId);
    const resume = await lrs(again, 'GET', stateUrl(again, 'resume'));
    expect(resume.json()).toEqual({ slide: 2 });
  });

  it('Rise: single page with lib/ and assets/, resumes from its bookmark', async () => {
    const result = await importZip('rise.zip', risePackage());
    const l = await launch(result.unitId);
    expect(l.url.pathname).toBe(`/media/${result.folder}/index.html`);
    const script = await ctx.app.inject({ method: 'GET', url: `/media/${result.folder}/lib/main.bundle.js` });
    expect(script.statusCode).toBe(200);
    expect(script.headers['access-control-allow-origin']).toBe('*');
    expect((await send(l, 'attempted')).statusCode).toBe(200);
    expect((await lrs(l, 'PUT', stateUrl(l, 'bookmark'), { lesson: 1 })).statusCode).toBe(204);
    const resumed = await launch(result.unitId);
    expect((await lrs(resumed, 'GET', stateUrl(resumed, 'bookmark'))).json()).toEqual({ lesson: 1 });
  });

  it('iSpring: the launch file in res/, reported passed', async () => {
    const result = await importZip('ispring.zip', ispringPackage());
    const [row] = await ctx.database.db.select().from(units).where(eq(units.id, result.unitId));
    expect(row?.launchPoint).toBe('res/index.html');
    const l = await launch(result.unitId);
    expect(l.url.pathname).toBe(`/media/${result.folder}/res/index.html`);
    const served = await ctx.app.inject({ method: 'GET', url: `/media/${result.folder}/res/data/player.js` });
    expect(served.statusCode).toBe(200);
    expect(
      (await send(l, 'passed', l.activityId, { success: true, completion: true, score: { scaled: 0.9 } }))
        .statusCode,
    ).toBe(200);
    expect(await unitVerb(result.unitId)).toBe('passed');
  });

  it('a zip whose files sit under one top folder, with the macOS extras, imports as the bare package', async () => {
    const bare = await importZip('rise-bare.zip', risePackage('https://trust.example/xapi/rise/wrapped'));
    const wrapped = await importZip(
      'rise-wrapped.zip',
      underTopFolder('Sepsis screening - Rise', risePackage('https://trust.example/xapi/rise/wrapped')),
    );
    expect(wrapped).toMatchObject({ created: false, unitId: bare.unitId, files: bare.files });
    // The same files: the same content folder, nothing of macOS stored.
    expect(wrapped.folder).toBe(bare.folder);
    const l = await launch(wrapped.unitId);
    expect(l.url.pathname).toBe(`/media/${wrapped.folder}/index.html`);
  });
});
