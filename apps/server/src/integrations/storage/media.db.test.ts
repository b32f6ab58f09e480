import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS } from '../../demo/demo-ids.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, groupIdByName, makeUser } from '../../test/factories.js';
import { startS3Server } from '../../test/s3-server.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { DOWNLOAD_LINK_SECONDS } from '../../modules/files/files.service.js';
import { storageFromConfig } from './storage-from-config.js';
import type { Storage } from './storage.js';

/**
 * /media and the e-learning journey on each store (issue 11): the same answers whether the files
 * are on the local disk or in an S3 bucket.
 */
for (const kind of ['disk', 's3'] as const) {
  describe(`stored files served from ${kind}`, () => {
    let ctx: TestContext;
    let s3: Awaited<ReturnType<typeof startS3Server>> | null = null;
    let learner: { id: string; token: string };
    let group: string;

    beforeAll(async () => {
      let storage: Storage | undefined;
      if (kind === 's3') {
        s3 = await startS3Server();
        // Exactly as main.ts builds it: from STORAGE_URL.
        storage = storageFromConfig({ STORAGE_URL: s3.storageUrl('platform'), DATA_DIR: '/nonexistent' });
      }
      ctx = await createTestContext({ storage });
      group = await groupIdByName(ctx.database.db, 'S3 – Groupe A');
      const made = await makeUser(ctx.database.db, { companyId: DEMO_IDS.universite, memberOf: [group] });
      learner = { id: made.id, token: (await login(ctx.app, made.email, FACTORY_PASSWORD)).token };
    });
    afterAll(async () => {
      await ctx?.close();
      await s3?.close();
    });

    const media = (url: string, headers: Record<string, string> = {}, method: 'GET' | 'HEAD' = 'GET') =>
      ctx.app.inject({ method, url, headers });

    it('serves placement audio whole, by byte range, with validators', async () => {
      const test = await call(ctx.app, 'GET', `/api/module/user/${learner.id}/${group}`, {
        token: learner.token,
      });
      expect(test.status).toBe(200);
      const [audioKey] = (await ctx.storage.list('placementTest')).filter((f) => f.key.endsWith('.mp3'));
      const url = `/media/${audioKey!.key}`;
      const whole = await media(url);
      expect(whole.statusCode).toBe(200);
      expect(whole.headers['content-type']).toBe('audio/mpeg');
      expect(whole.headers['accept-ranges']).toBe('bytes');
      expect(whole.rawPayload.length).toBe(audioKey!.size);

      const part = await media(url, { range: 'bytes=100-199' });
      expect(part.statusCode).toBe(206);
      expect(part.headers['content-range']).toBe(`bytes 100-199/${audioKey!.size}`);
      expect(part.rawPayload).toEqual(whole.rawPayload.subarray(100, 200));
      const tail = await media(url, { range: 'bytes=-10' });
      expect(tail.rawPayload).toEqual(whole.rawPayload.subarray(audioKey!.size - 10));
      const past = await media(url, { range: `bytes=${audioKey!.size}-` });
      expect(past.statusCode).toBe(416);
      expect(past.headers['content-range']).toBe(`bytes */${audioKey!.size}`);

      const again = await media(url, { 'if-none-match': String(whole.headers.etag) });
      expect(again.statusCode).toBe(304);
      const head = await media(url, {}, 'HEAD');
      expect(head.statusCode).toBe(200);
      expect(head.headers['content-length']).toBe(String(audioKey!.size));
      expect(head.rawPayload.length).toBe(0);
    });

    it('launches a unit whose package and module resources come from the store', async () => {
      const modules = await call(ctx.app, 'GET', `/api/module/user/${learner.id}/${group}`, {
        token: learner.token,
      });
      const [first] = modules.json;
      const launch = await call(ctx.app, 'POST', `/api/xapi/launch/${first.units[0].unit._id}`, {
        token: learner.token,
        body: { groupId: group },
      });
      expect(launch.status).toBe(200);
      const page = await media(launch.json.url);
      expect(page.statusCode).toBe(200);
      expect(page.headers['content-type']).toContain('text/html');
      expect(page.headers['content-security-policy']).toContain('sandbox allow-scripts');
      expect(page.body).toContain('<html');
      const pdf = await media(first.revisionFile[0].fileName);
      expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
      expect((await media(first.thumbnail)).headers['content-type']).toContain('image/svg+xml');
    });

    it('hands a group document out at a time-limited address only', async () => {
      const list = await call(
        ctx.app,
        'GET',
        `/api/googlestorage/files/distribution/${DEMO_IDS.universite}/${group}`,
        {
          token: learner.token,
        },
      );
      const download = await call(ctx.app, 'POST', '/api/googlestorage/download', {
        token: learner.token,
        body: { filename: list.json[0].id },
      });
      expect(download.status).toBe(200);
      const url: string = download.json.url;
      if (kind === 's3') {
        // A presigned address of the bucket itself.
        expect(url.startsWith(s3!.endpoint)).toBe(true);
        const response = await fetch(url);
        expect(response.status).toBe(200);
        expect(
          Buffer.from(await response.arrayBuffer())
            .subarray(0, 5)
            .toString(),
        ).toBe('%PDF-');
        return;
      }
      const signed = await media(url);
      expect(signed.statusCode).toBe(200);
      expect(signed.headers['cache-control']).toBe('private, max-age=3600');
      const bare = url.split('?')[0]!;
      expect((await media(bare)).statusCode).toBe(403);
      expect((await media(url.replace(/signature=[^&]{4}/, 'signature=AAAA'))).statusCode).toBe(403);
      ctx.clock.advance((DOWNLOAD_LINK_SECONDS + 1) * 1000);
      expect((await media(url)).statusCode).toBe(403);
    });

    it('answers 404 for what is not a stored file', async () => {
      for (const url of ['/media/nothing/here.mp3', '/media/..%2Fsecret', '/media/.env']) {
        const res = await media(url);
        expect(res.statusCode, url).toBe(404);
        expect(res.json().error.code).toBeTruthy();
      }
      // A malformed address is the client's error, answered as such.
      expect((await media('/media/%E0%A4%A')).statusCode).toBe(400);
    });
  });
}
