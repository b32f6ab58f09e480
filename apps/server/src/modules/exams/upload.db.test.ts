import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { messages, UPLOAD_MAX_BYTES, UPLOAD_SUCCESS_ANSWER } from '@medenglish/shared';
import { companies, examUploads, groups } from '../../db/schema.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeCompany, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { buildZip } from '../../test/zip.js';

const MIN = 60_000;
const DAY = 24 * 60 * MIN;
const START = new Date('2026-12-01T08:00:00.000Z');
const GROUP = 'Factory upload group';
const t = messages.exam.upload;

const pdf = Buffer.from('%PDF-1.7\n1 0 obj << /Type /Catalog >> endobj\n%%EOF\n');
const docx = buildZip([
  { name: '[Content_Types].xml', data: '<Types/>' },
  { name: 'word/document.xml', data: '<w:document><w:body>Abstract</w:body></w:document>' },
]);
const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);

/** A multipart body as a browser's FormData sends it, through the WHATWG encoder itself. */
async function multipart(fields: Record<string, string>, file?: { name: string; bytes: Buffer }) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file) form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
  const request = new Request('http://localhost/', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

describe('abstract upload (issue 13, exam type 3)', () => {
  let ctx: TestContext;
  let companyId: string;
  let companyName: string;
  let groupId: string;

  beforeAll(async () => {
    ctx = await createTestContext({
      now: new Date(START.getTime() + MIN),
      config: { ACCESS_TOKEN_MINUTES: 60 * 24 * 30 },
    });
    const db = ctx.database.db;
    companyId = await makeCompany(db);
    companyName = (await db.select().from(companies).where(eq(companies.id, companyId)))[0]!.name;
    const [group] = await db
      .insert(groups)
      .values({
        companyId,
        name: GROUP,
        semester: 3,
        elearningOptions: [
          {
            type: 3,
            level: 1,
            catchUp: false,
            modality: 'abstract upload',
            examBegin: START.toISOString(),
            examEnd: new Date(START.getTime() + 7 * DAY).toISOString(),
            examSubject: null,
            activityId: null,
          },
        ],
      })
      .returning({ id: groups.id });
    groupId = group!.id;
  });
  afterAll(() => ctx.close());

  async function learner(options: { additionalTime?: number } = {}) {
    const user = await makeUser(ctx.database.db, {
      companyId,
      memberOf: [groupId],
      additionalTime: options.additionalTime,
    });
    const session = await login(ctx.app, user.email, FACTORY_PASSWORD);
    return { ...session, email: user.email };
  }
  type Learner = Awaited<ReturnType<typeof learner>>;

  async function upload(
    who: Learner,
    file?: { name: string; bytes: Buffer },
    fields: Partial<Record<string, string>> = {},
  ) {
    const body = await multipart(
      Object.fromEntries(
        Object.entries({
          email: who.email,
          name: 'Factory',
          groupName: GROUP,
          companyName,
          ...fields,
        }).filter((e): e is [string, string] => e[1] !== undefined),
      ),
      file,
    );
    const res = await ctx.app.inject({
      method: 'POST',
      url: '/api/upload',
      headers: { authorization: `Token ${who.token}`, 'content-type': body.contentType },
      payload: body.payload,
    });
    return { status: res.statusCode, json: res.json() };
  }
  const getFile = (who: Learner) =>
    call(ctx.app, 'POST', '/api/getfile', { token: who.token, body: { companyName, groupName: GROUP } });
  const stored = async (userId: string) =>
    ctx.database.db.select().from(examUploads).where(eq(examUploads.userId, userId));
  const storedKeys = async () => (await ctx.storage.list(`groups/${groupId}/uploads`)).map((o) => o.key);

  it('stores one document, lists it, serves it to its learner only, and refuses a second', async () => {
    const camille = await learner();
    expect((await getFile(camille)).json).toEqual([]);
    const res = await upload(camille, { name: 'C:\\Users\\camille\\Abstract – sepsis.pdf', bytes: pdf });
    expect(res.status).toBe(200);
    expect(res.json.message).toBe(UPLOAD_SUCCESS_ANSWER);
    expect(res.json.file).toMatchObject({ name: 'Abstract – sepsis.pdf', size: pdf.length });

    const listed = await getFile(camille);
    expect(listed.json).toEqual([res.json.file]);

    // Her own download: a signed address that serves the very bytes, under her file's name.
    const link = await call(ctx.app, 'GET', `/api/file/${res.json.file.id}`, { token: camille.token });
    expect(link.status).toBe(200);
    const download = await ctx.app.inject({ method: 'GET', url: link.json.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);
    expect(download.headers['content-disposition']).toContain('attachment');

    // Nobody else's: another learner of the group is told it does not exist.
    const other = await learner();
    const theirs = await call(ctx.app, 'GET', `/api/file/${res.json.file.id}`, { token: other.token });
    expect(theirs.status).toBe(404);
    const deleteTheirs = await call(ctx.app, 'GET', `/api/file/delete/${res.json.file.id}`, {
      token: other.token,
    });
    expect(deleteTheirs.status).toBe(404);
    expect(await stored(camille._id)).toHaveLength(1);

    // A second file while one is kept: SPEC §5's message, nothing more stored.
    const again = await upload(camille, { name: 'abstract-v2.docx', bytes: docx });
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(t.alreadySent);
    expect(await storedKeys()).toHaveLength(1);
  });

  it('keeps no Unicode format character in a file name: no right-to-left override, zero-width or isolate mark', async () => {
    // "invoice\u202Efdp.docx" shows as "invoicexcod.pdf": a document that pretends to be another kind.
    const spoofer = await learner();
    const res = await upload(spoofer, { name: 'invoice\u202Efdp.docx', bytes: docx });
    expect(res.status).toBe(200);
    expect(res.json.file.name).toBe('invoicefdp.docx');
    expect((await stored(spoofer._id))[0]!.name).toBe('invoicefdp.docx');
    expect((await getFile(spoofer)).json.map((f: { name: string }) => f.name)).toEqual(['invoicefdp.docx']);
    const link = await call(ctx.app, 'GET', `/api/file/${res.json.file.id}`, { token: spoofer.token });
    const download = await ctx.app.inject({ method: 'GET', url: link.json.url });
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe("attachment; filename*=UTF-8''invoicefdp.docx");

    // The name the web app sends beside the file: isolates, zero-width characters, a byte order
    // mark, a soft hyphen, a C1 control and a line separator go too; the letters stay.
    const other = await learner();
    const named = await upload(
      other,
      { name: 'x.pdf', bytes: pdf },
      { filename: '\u2066Ab\u00ADstr\u200Bact\u2069 \u200D\uFEFFé\u0085\u2028 \u2067v2\u2068.pdf' },
    );
    expect(named.status).toBe(200);
    expect(named.json.file.name).toBe('Abstract é v2.pdf');

    // A name stored before (issue 32) is listed and downloaded without them all the same.
    await ctx.database.db
      .update(examUploads)
      .set({ name: 'old\u202Efdp.docx' })
      .where(eq(examUploads.userId, spoofer._id));
    expect((await getFile(spoofer)).json[0].name).toBe('oldfdp.docx');
    const oldLink = await call(ctx.app, 'GET', `/api/file/${res.json.file.id}`, { token: spoofer.token });
    const oldDownload = await ctx.app.inject({ method: 'GET', url: oldLink.json.url });
    expect(oldDownload.headers['content-disposition']).toBe("attachment; filename*=UTF-8''oldfdp.docx");
  });

  it('deletes the file (SPEC §5 message) and takes another', async () => {
    const learnerA = await learner();
    const first = await upload(learnerA, { name: 'draft.pdf', bytes: pdf });
    const keysBefore = await storedKeys();
    const deleted = await call(ctx.app, 'GET', `/api/file/delete/${first.json.file.id}`, {
      token: learnerA.token,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.json.message).toBe(t.deleted);
    expect(await stored(learnerA._id)).toEqual([]);
    expect(await storedKeys()).toHaveLength(keysBefore.length - 1);
    const second = await upload(learnerA, { name: 'final.docx', bytes: docx });
    expect(second.status).toBe(200);
    expect((await getFile(learnerA)).json).toEqual([second.json.file]);
  });

  it('refuses a missing file, a wrong extension, a renamed executable and a file too large, storing nothing', async () => {
    const learnerB = await learner();
    const keysBefore = await storedKeys();
    const none = await upload(learnerB);
    expect(none.status).toBe(400);
    expect(none.json.error.message).toBe(t.noFile);
    const wrongType = await upload(learnerB, { name: 'setup.exe', bytes: exe });
    expect(wrongType.status).toBe(415);
    expect(wrongType.json.error.message).toBe(t.wrongExtension);
    const renamed = await upload(learnerB, { name: 'abstract.pdf', bytes: exe });
    expect(renamed.status).toBe(415);
    expect(renamed.json.error.message).toBe(t.wrongContent);
    const fakeDocx = await upload(learnerB, {
      name: 'abstract.docx',
      bytes: buildZip([{ name: 'a.txt', data: 'x' }]),
    });
    expect(fakeDocx.status).toBe(415);
    const large = Buffer.concat([pdf, Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)]);
    const tooLarge = await upload(learnerB, { name: 'abstract.pdf', bytes: large });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.json.error.message).toBe(t.tooLarge(UPLOAD_MAX_BYTES / 1024 / 1024));
    expect(await stored(learnerB._id)).toEqual([]);
    expect(await storedKeys()).toEqual(keysBefore);
  });

  it("refuses another learner's address, a group that is not theirs, and a body that is not multipart", async () => {
    const learnerC = await learner();
    const other = await learner();
    const asOther = await upload(learnerC, { name: 'a.pdf', bytes: pdf }, { email: other.email });
    expect(asOther.status).toBe(403);
    const otherGroup = await upload(learnerC, { name: 'a.pdf', bytes: pdf }, { groupName: 'S3 – Groupe A' });
    expect(otherGroup.status).toBe(403);
    const json = await call(ctx.app, 'POST', '/api/upload', {
      token: learnerC.token,
      body: { email: learnerC.email },
    });
    expect(json.status).toBeGreaterThanOrEqual(400);
    expect(json.status).toBeLessThan(500);
    expect(await stored(learnerC._id)).toEqual([]);
    expect(await stored(other._id)).toEqual([]);
  });

  it('closes at the end (extra time pushing it back for that learner) and keeps the file from then on', async () => {
    const early = await learner();
    const sent = await upload(early, { name: 'abstract.pdf', bytes: pdf });
    const extra = await learner({ additionalTime: 30 });
    const late = await learner();
    ctx.clock.set(new Date(START.getTime() + 7 * DAY + 10 * MIN));
    try {
      const closed = await upload(late, { name: 'abstract.pdf', bytes: pdf });
      expect(closed.status).toBe(409);
      expect(closed.json.error.message).toBe(messages.exam.closed);
      expect(await stored(late._id)).toEqual([]);
      // Thirty more minutes for this learner: still open ten minutes after the others' end.
      expect((await upload(extra, { name: 'abstract.pdf', bytes: pdf })).status).toBe(200);
      const locked = await call(ctx.app, 'GET', `/api/file/delete/${sent.json.file.id}`, {
        token: early.token,
      });
      expect(locked.status).toBe(409);
      expect(locked.json.error.message).toBe(t.locked);
      expect(await stored(early._id)).toHaveLength(1);
    } finally {
      ctx.clock.set(new Date(START.getTime() + MIN));
    }
  });
});
