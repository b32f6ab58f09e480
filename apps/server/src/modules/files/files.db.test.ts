import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { call, DEMO, login } from '../../test/api.js';

type Session = Awaited<ReturnType<typeof login>>;

describe('group files: googlestorage files and download', () => {
  let ctx: TestContext;
  let camille: Session;
  let s3a: string;
  beforeAll(async () => {
    ctx = await createTestContext();
    camille = await login(ctx.app, DEMO.etudiant);
    const groups = await call(ctx.app, 'GET', `/api/group/user/${camille._id}`, { token: camille.token });
    s3a = groups.json.find((g: { name: string }) => g.name === 'S3 – Groupe A')._id;
  });
  afterAll(() => ctx.close());

  const list = (kind: string, who: Session = camille, group = s3a, company: string = DEMO_IDS.universite) =>
    call(ctx.app, 'GET', `/api/googlestorage/files/${kind}/${company}/${group}`, { token: who.token });

  it('lists the distribution and meeting files of a group, and downloads a real PDF', async () => {
    const distribution = await list('distribution');
    expect(distribution.status).toBe(200);
    expect(distribution.json).toEqual([
      {
        id: expect.any(String),
        name: 'Répartition des groupes – semestre 3.pdf',
        createdTime: expect.any(String),
      },
    ]);
    expect((await list('meeting')).json).toHaveLength(1);
    expect((await list('resources')).json.map((f: { name: string }) => f.name)).toEqual([
      'handover-phrasebook.pdf',
      'presenting-a-case.pptx',
      'hand-hygiene-moments.mp4',
    ]);
    const link = await call(ctx.app, 'POST', '/api/googlestorage/download', {
      token: camille.token,
      body: { filename: distribution.json[0].id },
    });
    expect(link.status).toBe(200);
    const file = await ctx.app.inject({ method: 'GET', url: link.json.url });
    expect(file.statusCode).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // The group's documents stay out of shared caches; API answers out of every cache.
    expect(file.headers['cache-control']).toBe('private, max-age=3600');
    expect(link.headers['cache-control']).toBe('private, no-store');
  });

  it("refuses another group's or another company's files, and unknown or malformed ids", async () => {
    const leo = await login(ctx.app, DEMO.nouveau);
    expect((await list('distribution', leo)).status).toBe(403);
    expect((await list('distribution', camille, s3a, DEMO_IDS.clinique)).status).toBe(403);
    const [file] = (await list('distribution')).json;
    for (const [who, filename] of [
      [leo, file.id],
      [camille, '00000000-0000-4000-8000-000000000000'],
      [camille, '../../etc/passwd'],
    ] as const) {
      const res = await call(ctx.app, 'POST', '/api/googlestorage/download', {
        token: who.token,
        body: { filename },
      });
      expect(res.status).toBe(404);
    }
    expect((await list('secret')).status).toBe(400);
  });
});
