import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, DEMO, login } from '../../test/api.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { videosContentDir } from '../../demo/content-paths.js';

/** Issue 14: GET /video/ and GET /guide (SPEC §7 "Content"), and their files served with ranges. */
describe('video library and guides', () => {
  let ctx: TestContext;
  let token: string;

  beforeAll(async () => {
    ctx = await createTestContext();
    token = (await login(ctx.app, DEMO.etudiant)).token;
  });
  afterAll(() => ctx.close());

  it('lists the demo videos in order, each with its thumbnail, captions, length and optional PDF', async () => {
    const res = await call(ctx.app, 'GET', '/api/video/', { token });
    expect(res.status).toBe(200);
    const videos = res.json as {
      title: string;
      filename: string;
      thumbnail: string;
      captions: string;
      pdf: string | null;
      duration: number;
    }[];
    const expected = JSON.parse(fs.readFileSync(path.join(videosContentDir, 'videos.json'), 'utf8')) as {
      title: string;
    }[];
    expect(videos.map((v) => v.title)).toEqual(expected.map((v) => v.title));
    expect(videos.length).toBeGreaterThanOrEqual(4);
    expect(videos.some((v) => v.pdf)).toBe(true);
    for (const v of videos) expect(v.duration).toBeGreaterThan(10);

    // The files are in storage, the video served by ranges (a player seeks), the captions as WebVTT.
    const first = videos[0]!;
    const part = await ctx.app.inject({
      method: 'GET',
      url: `/media/resources/video/${first.filename}`,
      headers: { range: 'bytes=0-99' },
    });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload.length).toBe(100);
    expect(part.headers['content-type']).toBe('video/mp4');
    const vtt = await ctx.app.inject({ method: 'GET', url: `/media/resources/video/${first.captions}` });
    expect(vtt.payload.startsWith('WEBVTT')).toBe(true);
    const thumb = await ctx.app.inject({ method: 'GET', url: `/media/thumbnail/${first.thumbnail}` });
    expect(thumb.statusCode).toBe(200);
    const withPdf = videos.find((v) => v.pdf)!;
    const pdf = await ctx.app.inject({ method: 'GET', url: `/media/resources/video/${withPdf.pdf}` });
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('lists the guides, each a PDF in storage', async () => {
    const res = await call(ctx.app, 'GET', '/api/guide', { token });
    expect(res.status).toBe(200);
    const guides = res.json as { name: string; filename: string }[];
    expect(guides.length).toBeGreaterThanOrEqual(3);
    const pdf = await ctx.app.inject({ method: 'GET', url: `/media/guides/${guides[0]!.filename}` });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
  });

  it('is for signed-in users only', async () => {
    expect((await call(ctx.app, 'GET', '/api/video/')).status).toBe(401);
    // SPEC §6: the web app sends no header on a path ending in an empty segment; its cookie counts.
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/video/',
      headers: { cookie: `token=${encodeURIComponent(token)}` },
    });
    expect(byCookie.statusCode).toBe(200);
    expect((await call(ctx.app, 'GET', '/api/guide')).status).toBe(401);
  });
});
