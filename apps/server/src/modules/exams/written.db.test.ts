import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAM_GRACE_MS, messages, type WrittenExam } from '@medenglish/shared';
import { groups, writtenAnswers } from '../../db/schema.js';
import { call, login } from '../../test/api.js';
import { FACTORY_PASSWORD, makeCompany, makeUser } from '../../test/factories.js';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { examSubjectKey } from './written.service.js';

const MIN = 60_000;
const START = new Date('2026-12-01T08:00:00.000Z');
const SUBJECT = 'factory-subject.pdf';

describe('written answer exams (issue 13)', () => {
  let ctx: TestContext;
  let companyId: string;
  let groupId: string;

  beforeAll(async () => {
    ctx = await createTestContext({
      now: new Date(START.getTime() - 60 * MIN),
      config: { ACCESS_TOKEN_MINUTES: 24 * 60 },
    });
    const db = ctx.database.db;
    companyId = await makeCompany(db);
    const [group] = await db
      .insert(groups)
      .values({
        companyId,
        name: 'Factory written group',
        semester: 3,
        elearningOptions: [
          {
            type: 2,
            level: 1,
            catchUp: false,
            modality: 'written answer',
            examBegin: START.toISOString(),
            examEnd: new Date(START.getTime() + 6 * 60 * MIN).toISOString(),
            examSubject: { examFile: SUBJECT },
            activityId: null,
          },
        ],
      })
      .returning({ id: groups.id });
    groupId = group!.id;
    await ctx.storage.put(examSubjectKey(groupId, SUBJECT), Buffer.from('%PDF-1.4 subject'));
  });
  afterAll(() => ctx.close());

  async function learner(options: { additionalTime?: number; memberOf?: string[] } = {}) {
    const user = await makeUser(ctx.database.db, {
      companyId,
      memberOf: options.memberOf ?? [groupId],
      additionalTime: options.additionalTime,
    });
    return login(ctx.app, user.email, FACTORY_PASSWORD);
  }
  type Session = Awaited<ReturnType<typeof learner>>;
  const at = (minutes: number) => ctx.clock.set(new Date(START.getTime() + minutes * MIN));
  const open = (who: Session, examFile = SUBJECT) =>
    call(ctx.app, 'POST', '/api/examresult/examfile', {
      token: who.token,
      body: { examFile, groupId, userId: who._id },
    });
  const draft = (who: Session, answer: string) =>
    call(ctx.app, 'PUT', '/api/examresult/draft', {
      token: who.token,
      body: { examFile: SUBJECT, groupId, userId: who._id, answer },
    });
  const send = (who: Session, answer: string) =>
    call(ctx.app, 'POST', '/api/examresult', {
      token: who.token,
      body: { companyId, groupId, examFile: SUBJECT, userId: who._id, answer },
    });
  const rowOf = async (who: Session) =>
    (await ctx.database.db.select().from(writtenAnswers).where(eq(writtenAnswers.userId, who._id)))[0];

  it('refuses to open before the start, and stores nothing', async () => {
    at(-5);
    const me = await learner();
    const res = await open(me);
    expect(res.status).toBe(409);
    expect(res.json.error.message).toBe(messages.exam.notOpen);
    expect(await rowOf(me)).toBeUndefined();
  });

  it('stores the begin time at the first opening and keeps it; the subject comes at a signed address', async () => {
    at(10);
    const me = await learner({ additionalTime: 20 });
    const first = await open(me);
    expect(first.status, first.body).toBe(200);
    const exam = first.json as WrittenExam;
    expect(exam.startedAt).toBe(new Date(START.getTime() + 10 * MIN).toISOString());
    expect(Date.parse(exam.deadline)).toBe(START.getTime() + (10 + 90 + 20) * MIN);
    expect(exam.examFileUrl).toMatch(/^\/media\/groups\/.+\?expires=\d+&signature=/);
    at(30);
    const again = (await open(me)).json as WrittenExam;
    expect(again.startedAt).toBe(exam.startedAt);
    expect(again.remainingMs).toBe(90 * MIN);
    // The signed address opens the subject; the bare one does not.
    const subject = await ctx.app.inject({ method: 'GET', url: again.examFileUrl! });
    expect(subject.statusCode).toBe(200);
    expect((await ctx.app.inject({ method: 'GET', url: again.examFileUrl!.split('?')[0]! })).statusCode).toBe(
      403,
    );
  });

  it('keeps the draft on the server for a reload or another device', async () => {
    at(10);
    const me = await learner();
    await open(me);
    const saved = await draft(me, 'Dear Dr Mehta,\n\nThank you for referring Mrs Fletcher');
    expect(saved.status, saved.body).toBe(200);
    expect(saved.json.remainingMs).toBe(90 * MIN);
    const reopened = (await open(me)).json as WrittenExam;
    expect(reopened.draft).toBe('Dear Dr Mehta,\n\nThank you for referring Mrs Fletcher');
    expect(reopened.draftSavedAt).not.toBeNull();
  });

  it('refuses an empty answer, then sends and locks the answer', async () => {
    at(10);
    const me = await learner();
    await open(me);
    const empty = await send(me, '   \n ');
    expect(empty.status).toBe(400);
    expect(empty.json.error.message).toBe(messages.exam.written.empty);
    expect((await rowOf(me))!.sentAt).toBeNull();

    at(40);
    const sent = await send(me, 'Dear Dr Mehta, ...');
    expect(sent.status, sent.body).toBe(200);
    expect(sent.json.sentAt).toBe(new Date(START.getTime() + 40 * MIN).toISOString());
    expect(sent.json.sentBy).toBe('learner');
    const again = await send(me, 'Another answer');
    expect(again.status).toBe(409);
    expect(again.json.error.message).toBe(messages.exam.alreadySent);
    expect((await draft(me, 'changed')).status).toBe(409);
    expect((await rowOf(me))!.answer).toBe('Dear Dr Mehta, ...');
  });

  it("refuses another learner's exam and another group's, changing nothing", async () => {
    at(10);
    const me = await learner();
    await open(me);
    await draft(me, 'mine');
    const outsider = await learner({ memberOf: [] });
    // Naming the group they are not in: refused by the route's membership check.
    expect((await open(outsider)).status).toBe(403);
    expect((await draft(outsider, 'theirs')).status).toBe(404);
    expect((await send(outsider, 'theirs')).status).toBe(404);
    // Naming someone else: refused as not themself.
    const forged = await call(ctx.app, 'PUT', '/api/examresult/draft', {
      token: outsider.token,
      body: { examFile: SUBJECT, groupId, userId: me._id, answer: 'overwritten' },
    });
    expect(forged.status).toBe(403);
    expect((await rowOf(me))!.draft).toBe('mine');
    const list = await call(ctx.app, 'GET', `/api/examresult/${me._id}`, { token: outsider.token });
    expect(list.status).toBe(403);
  });

  it('refuses drafts after the time and its grace, and sends the last draft by the deadline job', async () => {
    at(10);
    const me = await learner();
    const exam = (await open(me)).json as WrittenExam;
    await draft(me, 'The last words I typed');
    ctx.clock.set(new Date(Date.parse(exam.deadline) + EXAM_GRACE_MS - 1_000));
    expect((await draft(me, 'The last words I typed, and more')).status).toBe(200);
    ctx.clock.set(new Date(Date.parse(exam.deadline) + EXAM_GRACE_MS + 1_000));
    const late = await draft(me, 'too late');
    expect(late.status).toBe(409);
    expect(late.json.error.code).toBe('EXAM_TIME_UP');
    const row = (await rowOf(me))!;
    expect(row.answer).toBe('The last words I typed, and more');
    expect(row.sentBy).toBe('deadline');
    expect(row.sentAt?.toISOString()).toBe(exam.deadline);

    // Left open and never touched again: the job sends it.
    at(20);
    const leaver = await learner();
    const left = (await open(leaver)).json as WrittenExam;
    await draft(leaver, 'Unfinished letter');
    ctx.clock.set(new Date(Date.parse(left.deadline) + EXAM_GRACE_MS + 1_000));
    await ctx.app.jobs.runDue(100);
    const sent = (await rowOf(leaver))!;
    expect(sent.sentBy).toBe('deadline');
    expect(sent.answer).toBe('Unfinished letter');
  });

  it('refuses to open after the end, and lists sent answers to staff only', async () => {
    at(6 * 60 + 1);
    expect((await open(await learner())).json.error.code).toBe('EXAM_CLOSED');
    const me = await learner();
    expect((await call(ctx.app, 'GET', '/api/examresult/groups', { token: me.token })).status).toBe(403);
    const managerUser = await makeUser(ctx.database.db, { companyId, role: 'manager' });
    const manager = await login(ctx.app, managerUser.email, FACTORY_PASSWORD);
    const byCompany = await call(ctx.app, 'GET', `/api/examresult/company/${companyId}`, {
      token: manager.token,
    });
    expect(byCompany.status).toBe(200);
    expect(byCompany.json.length).toBeGreaterThanOrEqual(2);
    expect(byCompany.json.every((w: WrittenExam) => w.sentAt !== null)).toBe(true);
    const mine = await call(ctx.app, 'GET', '/api/examresult/groups', { token: manager.token });
    expect(mine.json.length).toBe(byCompany.json.length);
  });
});
