import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server } from '../../test/s3-server.js';
import { diskStorage } from './disk-storage.js';
import { parseS3Url, s3Storage } from './s3-storage.js';
import type { Storage } from './storage.js';

const text = async (stream: NodeJS.ReadableStream) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString('utf8');
};

/** The same contract for every store: what callers may rely on whichever one STORAGE_URL names. */
function contract(name: string, open: () => Promise<{ storage: Storage; close(): Promise<void> }>) {
  describe(`${name} storage`, () => {
    let storage: Storage;
    let close: () => Promise<void>;
    beforeAll(async () => {
      ({ storage, close } = await open());
    });
    afterAll(async () => close?.());

    it('stores a file and gives it back whole, or a byte range of it', async () => {
      await storage.put('placementTest/audio/clip.mp3', Buffer.from('0123456789'));
      const whole = await storage.get('placementTest/audio/clip.mp3');
      expect(whole).toMatchObject({ size: 10, contentType: 'audio/mpeg' });
      expect(await text(whole!.body)).toBe('0123456789');
      const part = await storage.get('placementTest/audio/clip.mp3', { start: 2, end: 5 });
      expect(part).toMatchObject({ size: 10, range: { start: 2, end: 5 } });
      expect(await text(part!.body)).toBe('2345');
    });

    it('tells what it holds, replaces a file whole, and forgets a deleted one', async () => {
      await storage.put('resources/video/a.vtt', Buffer.from('WEBVTT\n'));
      const first = await storage.head('resources/video/a.vtt');
      expect(first).toMatchObject({ size: 7, contentType: 'text/vtt' });
      expect(first!.etag).toBeTruthy();
      await storage.put('resources/video/a.vtt', Buffer.from('WEBVTT\n\n00:00.000 --> 00:01.000\nHello\n'));
      expect((await storage.head('resources/video/a.vtt'))!.size).toBeGreaterThan(7);
      expect(await storage.exists('resources/video/a.vtt')).toBe(true);
      await storage.delete('resources/video/a.vtt');
      expect(await storage.exists('resources/video/a.vtt')).toBe(false);
      expect(await storage.get('resources/video/a.vtt')).toBeNull();
      expect(await storage.head('resources/video/nothing.mp4')).toBeNull();
      await storage.delete('resources/video/nothing.mp4'); // deleting what is not there is fine
    });

    it('lists the files under a folder, in key order, with when each was written', async () => {
      const before = Date.now() - 2000; // S3 keeps whole seconds
      await storage.put('content/pkg/index.html', Buffer.from('<!doctype html>'));
      await storage.put('content/pkg/assets/app.js', Buffer.from('x'));
      await storage.put('content/pkg2/index.html', Buffer.from('y'));
      const listed = await storage.list('content/pkg');
      expect(listed).toEqual([
        { key: 'content/pkg/assets/app.js', size: 1, lastModified: expect.any(Date) },
        { key: 'content/pkg/index.html', size: 15, lastModified: expect.any(Date) },
      ]);
      for (const { lastModified } of listed) {
        expect(lastModified.getTime()).toBeGreaterThan(before);
        expect(lastModified.getTime()).toBeLessThan(Date.now() + 2000);
      }
    });

    it('refuses keys that are not plain relative paths', async () => {
      for (const key of ['../etc/passwd', '/abs', 'a//b', '.hidden', 'a/../b']) {
        await expect(storage.put(key, Buffer.from('x')), key).rejects.toThrow(/invalid storage key/);
      }
    });
  });
}

contract('disk', async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'medenglish-disk-'));
  return { storage: diskStorage(dir), close: async () => fs.rmSync(dir, { recursive: true, force: true }) };
});

contract('S3', async () => {
  const server = await startS3Server();
  return { storage: s3Storage(parseS3Url(server.storageUrl('platform'))), close: server.close };
});

describe('S3 storage specifics', () => {
  let server: Awaited<ReturnType<typeof startS3Server>>;
  beforeAll(async () => {
    server = await startS3Server();
  });
  afterAll(async () => server?.close());

  it('reads STORAGE_URL: bucket, prefix, endpoint, region, path style and credentials', () => {
    expect(parseS3Url('s3://AK:S%2FK@media/prod/files?endpoint=http://minio:9000&region=eu-west-3')).toEqual({
      bucket: 'media',
      prefix: 'prod/files',
      endpoint: 'http://minio:9000',
      region: 'eu-west-3',
      forcePathStyle: true,
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/K' },
    });
    expect(parseS3Url('s3://media?region=eu-west-3')).toMatchObject({ prefix: '', forcePathStyle: false });
    expect(() => parseS3Url('http://media')).toThrow(/s3:\/\//);
  });

  it('keeps keys under its prefix, and presigns a time-limited download the browser can fetch', async () => {
    const storage = s3Storage(parseS3Url(server.storageUrl('tenant-a')));
    const other = s3Storage(parseS3Url(server.storageUrl('tenant-b')));
    await storage.put('groups/g1/plan.pdf', Buffer.from('%PDF-1.4 plan'));
    expect(await other.exists('groups/g1/plan.pdf')).toBe(false);
    const url = await storage.presign!('groups/g1/plan.pdf', {
      expiresInSeconds: 60,
      filename: 'Plan S3.pdf',
    });
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('%PDF-1.4 plan');
    expect(response.headers.get('content-disposition')).toContain("filename*=UTF-8''Plan%20S3.pdf");
    // Checking the signature and its expiry is S3's part (s3rver does not check version 4
    // signatures): the adapter's part is a signed, time-limited address.
    const query = new URL(url).searchParams;
    expect(query.get('X-Amz-Expires')).toBe('60');
    expect(query.get('X-Amz-Signature')).toMatch(/^[0-9a-f]{64}$/);
    expect(new URL(url).pathname).toBe(`/${server.bucket}/tenant-a/groups/g1/plan.pdf`);
  });
});
