import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { ErrorCode } from '@medenglish/shared';
import { DEMO_IDS, DEMO_POOLS } from '../demo/demo-ids.js';
import { demoEvaluoExams } from '../demo/evaluo-exams.js';
import { randomUUID } from 'node:crypto';
import { glossaryReviews, glossaryWords, questionPools, users, webinars } from '../db/schema.js';
import { builtInRecordingKey } from '../integrations/meetings/built-in-meetings.js';
import { newCard, toStored } from '../modules/glossary/review-schedule.js';
import { startEvaluoSimulator } from '../integrations/evaluo/evaluo-simulator.js';
import type { ProviderExam } from '../integrations/evaluo/provider-protocol.js';
import { loadModel, type LoadedModel } from '../modules/placement/question-bank.js';
import { firstPlacementAnswer } from '../test/placement-key.js';
import { call } from '../test/api.js';
import {
  FACTORY_PASSWORD,
  groupIdByName,
  makeExamAttempt,
  makeGroupFile,
  makePlacementTest,
  makeSurvey,
  makeCmi5Unit,
  makeExamGroup,
  makeUnit,
  makeUpload,
  makeUser,
  type MadeUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';
import { PUBLIC_ROUTES } from './access-policy.js';

/**
 * The access table (issue 11): every route of the OpenAPI description × every role × the ids of
 * the caller, of another learner of their company, of their company's other group, of another
 * company with the caller's own id, and of another company's learner — and, for content, × its
 * tenant (decision 0037): a platform word or webinar, the caller's company's, another company's;
 * an exam pool of a group the caller teaches, of another group of their company, of another
 * company's. The expectations below are
 * written independently of plugins/access-policy.ts, so that dropping a requirement from a route,
 * or adding a route without a line here, fails this test: a refusal must be the route's refusal
 * (403, or 404 where the route hides other ids), and an allowed call must succeed (2xx) — a line
 * whose data does not exist cannot pass either way.
 */

/** What decides a route's answer, in terms of the ids a request names. */
interface Facts {
  self: boolean; // the user named is the caller
  company: boolean; // the company named is the caller's
  member: boolean; // the caller is a member of the group named
  ownTest: boolean; // the placement test named is the caller's
  ownAttempt: boolean; // the exam attempt named is the caller's
  surveyOfCompany: boolean; // the survey named is offered to the caller's company
  fileOfOwnGroup: boolean; // the file named is in one of the caller's groups
  email: boolean; // the e-mail address named is the caller's
  learner: boolean; // the caller is a learner (staff join no group through the learner's calls)
  admin: boolean; // the caller is an admin of the platform
  manager: boolean; // the caller is an institution's manager
  ownUpload: boolean; // the uploaded abstract named is the caller's
  uploadReadable: boolean; // … or of a group the caller teaches, of the manager's company, or any for an admin
  evaluoCompany: boolean; // the caller's company has activatedEvaluo
  // Decision 0037, content by tenant. The caller "reads" content of the platform (no company) or of
  // their own company, an admin any; they are "staff" of their company's content (the table's
  // teacher teaches a group of it, its manager manages it), an admin of all, the platform's too.
  newWord: boolean; // the glossary word id named is a new one (no word yet)
  readsWord: boolean; // the glossary word named exists and the caller reads it
  editsWord: boolean; // … and the caller is staff of it; or, a new id, staff of their own company
  readsWebinar: boolean; // the webinar named (to book) is one the caller reads
  readsMeeting: boolean; // the open webinar named by its meeting number is one the caller reads
  hostsMeeting: boolean; // … and the caller is staff of it
  readsRecording: boolean; // the replay named is of a webinar the caller reads
  poolStaff: boolean; // the caller is an admin, or staff of a group whose exam draws on the pool named
}
type Rule = 'public' | 'lrs' | ((f: Facts) => boolean);

interface Ids {
  user: string;
  /** The e-mail address of the user named (another company's in "own id, another company"). */
  email: string;
  callerEmail: string;
  company: string;
  group: string;
  test: string;
  /** An exam attempt (issue 12). */
  attempt: string;
  survey: string;
  file: string;
  caller: string;
  /** The semester of the user named (0 when they have none), as the survey look-up sends it. */
  semester: number;
  /** A unit that the caller's group, their company's other group and another company's follow. */
  unit: string;
  /** An audio clip of the placement test, a different one in each scenario (two plays each). */
  media: string;
  /** An uploaded abstract (issue 13). */
  upload: string;
  /** The names of the group and company named, as POST /upload and /getfile name them. */
  groupName: string;
  companyName: string;
  /** The Evaluo student id of the user named. */
  evaluo: string;
  /** Decision 0037: the company (null: the platform) of the glossary word named, or a new id. */
  wordOf: string | null | 'new';
  /** … of the webinar to book, of the webinar open now named by its meeting, of the replay. */
  webinarOf: string | null;
  meetingOf: string | null;
  recordingOf: string | null;
  /** An exam pool (its questions are its groups' staff's). */
  pool: string;
}

interface Line {
  rule: Rule;
  /** The request path, with :user, :company, :group, :test, :survey, :file, :unit and :email filled in. */
  path?: string;
  body?: (ids: Ids) => unknown;
  /** Writes what the call names and answers its path (run before the route's calls, unmeasured). */
  prepare?: (ids: Ids) => Promise<string>;
  /** A multipart body instead (POST /upload): its text fields and a small PDF as `file`. */
  multipart?: (ids: Ids) => Record<string, string>;
  /** The refusal of the route: 403 unless it answers 404 to hide which ids exist. */
  refused?: 403 | 404 | ((f: Facts) => 403 | 404);
}

/**
 * The placement test's questions (loaded before the calls): the first one asked depends on the
 * test (issue 17's adaptive order is seeded by its id), so each call answers its own test's.
 */
let placementModel: LoadedModel | null = null;
function placementAnswerOf(testId: string) {
  return firstPlacementAnswer(placementModel!, testId);
}

const anyone = () => true;

/**
 * Issue 15 and decision 0037, by company (null: the platform's): a webinar with places to book, one
 * whose room is open now (nobody booked on it), a replay.
 */
const webinarToBook = new Map<string | null, { id: string; meetingId: string }>();
const openMeeting = new Map<string | null, string>();
const replay = new Map<string | null, string>();

/** The test database, for the lines that prepare data. */
let glossaryDb: TestContext['database']['db'] | undefined;
/** A demo word not yet used by a line (each call names its own). */
async function nextDemoWord(): Promise<string> {
  return makeGlossaryWord(glossaryDb!);
}
/** A word the user has starred, for the calls that need one. */
async function starredWord(userId: string): Promise<string> {
  const wordId = await nextDemoWord();
  const card = newCard(new Date());
  await glossaryDb!.insert(glossaryReviews).values({ userId, wordId, card: toStored(card), due: card.due });
  return wordId;
}
async function makeGlossaryWord(
  db: TestContext['database']['db'],
  companyId: string | null = null,
): Promise<string> {
  const [row] = await db
    .insert(glossaryWords)
    .values({ companyId, word: `access table ${randomUUID()}`, translation: 'mot', definition: 'A word.' })
    .returning({ id: glossaryWords.id });
  return row!.id;
}
/** The word the scenario names: one of its company (each call its own), or a new id. */
const scenarioWord = async (ids: Ids) =>
  ids.wordOf === 'new' ? randomUUID() : makeGlossaryWord(glossaryDb!, ids.wordOf);

/** The access table's own provider simulator, and the participants it adds to the exam open now. */
const evaluoParticipants: ProviderExam['participants'] = [];
let evaluoUrl = '';
const evaluoLink = () => `${evaluoUrl}/takeExam/index?id=S3-SPEAKING-2`;

/** A multipart/form-data body: the fields, then a one-page PDF as `file`. */
function multipartBody(fields: Record<string, string>) {
  const boundary = 'access-table-boundary';
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  parts.push(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="abstract.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n%%EOF\n\r\n`,
  );
  return {
    body: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}
const self = (f: Facts) => f.self;
const company = (f: Facts) => f.company;
const selfInCompany = (f: Facts) => f.self && f.company;
const selfInGroup = (f: Facts) => f.self && f.member;
const selfInGroupByEmail = (f: Facts) => f.self && f.member && f.email;

const TABLE: Record<string, Line> = {
  'GET /api/health': { rule: 'public' },
  'GET /api/health/live': { rule: 'public' },
  'GET /api/health/ready': { rule: 'public' },
  'GET /api/time': { rule: 'public' },
  'GET /api/config/public': { rule: 'public' },
  'POST /api/student/login': { rule: 'public', body: () => ({ email: 'x@example.com', password: 'x' }) },
  'POST /api/refresh': { rule: 'public', body: () => ({ email: 'x@example.com', refreshToken: 'x' }) },
  'POST /api/student/logout': { rule: 'public', body: () => ({ refreshToken: 'x' }) },
  'POST /api/auth/forgot_password': { rule: 'public', body: () => ({ email: 'x@example.com' }) },
  'POST /api/forgotPassword': { rule: 'public', body: () => ({ email: 'x@example.com' }) },
  'PUT /api/resetPassword': { rule: 'public', body: () => ({ token: 'x', password: 'x' }) },
  'POST /api/password/check': { rule: 'public', body: () => ({ password: 'Poumon2026x' }) },
  'POST /api/student': { rule: 'public', body: () => ({}) },
  'POST /api/student/email': { rule: 'public', body: () => ({ email: 'x@example.com' }) },
  'POST /api/confirmation/{a}/{b}': { rule: 'public', path: '/api/confirmation/:user/x' },
  'GET /api/code/name/{code}': { rule: 'public', path: '/api/code/name/NO-SUCH-CODE' },
  // Issue 16: single sign-on, before any session (a wrong code is refused as a credential).
  'GET /api/sso/{provider}/start': { rule: 'public', path: '/api/sso/no-such-school/start' },
  'GET /api/sso/{provider}/callback': { rule: 'public', path: '/api/sso/ecole/callback?code=x&state=y' },
  'POST /api/sso/exchange': { rule: 'public', body: () => ({ code: 'x'.repeat(43) }) },
  'POST /api/sso/signup': { rule: 'public', body: () => ({ code: 'x'.repeat(43), semester: 3 }) },
  'GET /api/sso/{provider}/logout': { rule: 'public', path: '/api/sso/no-such-school/logout' },

  'POST /api/student/sendnewmail': { rule: anyone },
  'GET /api/student/{id}': { rule: self, path: '/api/student/:user' },
  'GET /api/student/company/{id}': { rule: self, path: '/api/student/company/:user' },
  'GET /api/company/student/{id}': { rule: self, path: '/api/company/student/:user' },
  'PUT /api/student/names/{id}': {
    rule: self,
    path: '/api/student/names/:user',
    body: () => ({ firstname: 'Alex', name: 'Durand' }),
  },
  'PUT /api/student/language/{id}': {
    rule: self,
    path: '/api/student/language/:user',
    body: () => ({ language: 'en' }),
  },
  'GET /api/company/{id}': { rule: company, path: '/api/company/:company' },
  'GET /api/companyData/{id}': { rule: company, path: '/api/companyData/:company' },
  'GET /api/group/user/{userId}': { rule: self, path: '/api/group/user/:user' },
  'GET /api/group/exam/{userId}': { rule: self, path: '/api/group/exam/:user' },
  'GET /api/group/company/{id}': { rule: company, path: '/api/group/company/:company' },
  'POST /api/group/associate/{companyId}': {
    // The placement result gives the level; a learner joins a group of their own semester.
    rule: (f) => f.self && f.company && f.learner,
    path: '/api/group/associate/:company',
    body: (ids) => ({ user: ids.user, semester: 3, level: 1 }),
  },
  'GET /api/notifications/custom/{userId}/{companyId}/{range}': {
    rule: selfInCompany,
    path: '/api/notifications/custom/:user/:company/Student',
  },
  // Issue 12. Starting names the group: a learner may start the open exam of their own group only
  // (the service refuses staff, who join no group, and another group's exam with 403).
  'POST /api/examtype1/init/{activityId}': {
    rule: (f) => f.self && f.member && f.learner,
    path: `/api/examtype1/init/${DEMO_POOLS.open}`,
    body: (ids) => ({ user: ids.user, groupId: ids.group }),
  },
  'PUT /api/examtype1/{testId}': {
    rule: (f) => f.ownAttempt,
    path: '/api/examtype1/:attempt',
    body: () => ({ answers: [] }),
    refused: 404,
  },
  'PUT /api/examtype1/data/{testId}': {
    rule: (f) => f.ownAttempt,
    path: '/api/examtype1/data/:attempt',
    body: () => ({ timer: 600 }),
    refused: 404,
  },
  'GET /api/examtype1/{testId}': { rule: (f) => f.ownAttempt, path: '/api/examtype1/:attempt', refused: 404 },
  'GET /api/examtype1/user/{userId}/{poolId}': {
    rule: self,
    path: `/api/examtype1/user/:user/${DEMO_POOLS.finished}`,
  },
  'GET /api/examtype1/user/{userId}': { rule: self, path: '/api/examtype1/user/:user' },
  // Issue 13, the written exam of S3 – Groupe A (open now in the demo). Opening names the group:
  // a member only. The draft and the send name the learner, the group and the exam; a row exists
  // only for a learner who opened it as a member, so the others find nothing to write (404).
  'POST /api/examresult/examfile': {
    rule: (f) => f.self && f.member,
    body: (ids) => ({ examFile: 'written-exam-s3.pdf', groupId: ids.group, userId: ids.user }),
  },
  'PUT /api/examresult/draft': {
    rule: (f) => f.self && f.member,
    body: (ids) => ({
      examFile: 'written-exam-s3.pdf',
      groupId: ids.group,
      userId: ids.user,
      answer: 'Dear Dr Mehta,',
    }),
    refused: (f) => (f.self ? 404 : 403),
  },
  'POST /api/examresult': {
    rule: (f) => f.self && f.company && f.member,
    body: (ids) => ({
      companyId: ids.company,
      groupId: ids.group,
      examFile: 'written-exam-s3.pdf',
      userId: ids.user,
      answer: 'Dear Dr Mehta,',
    }),
    refused: (f) => (f.self && f.company ? 404 : 403),
  },
  'GET /api/examresult/groups': { rule: (f) => !f.learner },
  'GET /api/examresult/company/{id}': {
    rule: (f) => f.admin || (f.manager && f.company),
    path: '/api/examresult/company/:company',
  },
  'GET /api/examresult/{userId}': { rule: self, path: '/api/examresult/:user' },
  // Issue 13, the group exam (type 3) of S3 – Groupe A, open now in the demo: the body names the
  // learner by e-mail and the group and company by name; only a learner's own group is theirs.
  'POST /api/upload': {
    rule: (f) => f.learner && f.email && f.member && f.company,
    multipart: (ids) => ({ email: ids.email, groupName: ids.groupName, companyName: ids.companyName }),
  },
  'POST /api/getfile': {
    rule: (f) => f.learner && f.member && f.company,
    body: (ids) => ({ groupName: ids.groupName, companyName: ids.companyName }),
  },
  'GET /api/file/delete/{fileId}': {
    rule: (f) => f.ownUpload && f.learner,
    path: '/api/file/delete/:upload',
    // Someone else's file is not found; staff own no exam to delete from (403).
    refused: (f) => (f.ownUpload ? 403 : 404),
  },
  'GET /api/file/{fileId}': { rule: (f) => f.uploadReadable, path: '/api/file/:upload', refused: 404 },
  // Issue 13, the external exam provider (its simulator, with every caller a participant of the
  // exam open now): a company with activatedEvaluo; the student id and the link, the caller's own.
  'GET /api/evaluo/get-exams/{companyId}/{semester}': {
    rule: (f) => f.company && f.evaluoCompany,
    path: '/api/evaluo/get-exams/:company/3',
  },
  'GET /api/evaluo/get-exams/student/{companyId}/{semester}/{evaluoId}': {
    rule: (f) => f.company && f.self && f.evaluoCompany,
    path: '/api/evaluo/get-exams/student/:company/3/:evaluo',
  },
  'POST /api/evaluo/token/user-token': {
    // A learner of the semester: staff have no semester, so no exam of one.
    rule: (f) => f.self && f.learner && f.evaluoCompany,
    body: (ids) => ({ userId: ids.user, url: evaluoLink() }),
  },
  // Issue 14: the glossary, read by anyone signed in (SPEC §6: the empty last segment goes with the
  // cookie, which call() does not send, so read with the header here), written by staff only —
  // decision 0037: a platform word by an admin, a company's by its staff; a new id makes a word of
  // the caller's company. A word the caller does not read is not found (404), as an unknown id.
  'GET /api/glossary/': { rule: anyone },
  'PUT /api/glossary/{id}': {
    rule: (f) => !f.learner && f.editsWord,
    // A word of its own for each call, written before the calls.
    prepare: async (ids) => `/api/glossary/${await scenarioWord(ids)}`,
    body: () => ({ word: `access table word ${Math.random()}`, translation: 'mot', definition: 'A word.' }),
    refused: (f) => (f.learner || f.readsWord ? 403 : 404),
  },
  'DELETE /api/glossary/{id}': {
    rule: (f) => !f.learner && !f.newWord && f.editsWord,
    prepare: async (ids) => `/api/glossary/${await scenarioWord(ids)}`,
    refused: (f) => (f.learner || f.readsWord ? 403 : 404),
  },
  // "Review my words": the learner's own stars and schedule (self), on words prepared per call.
  'GET /api/glossary/stars/{userId}': { rule: self, path: '/api/glossary/stars/:user' },
  'PUT /api/glossary/stars/{userId}/{wordId}': {
    // Decision 0037: only a word the caller reads (another company's is not found).
    rule: (f) => f.self && f.readsWord,
    prepare: async (ids) => `/api/glossary/stars/${ids.user}/${await scenarioWord(ids)}`,
    refused: (f) => (f.self ? 404 : 403),
  },
  'DELETE /api/glossary/stars/{userId}/{wordId}': {
    rule: self,
    prepare: async (ids) => `/api/glossary/stars/${ids.user}/${await starredWord(ids.user)}`,
  },
  'GET /api/glossary/review/{userId}': { rule: self, path: '/api/glossary/review/:user' },
  'POST /api/glossary/review/{userId}/{wordId}': {
    rule: self,
    body: () => ({ rating: 'good' }),
    prepare: async (ids) => `/api/glossary/review/${ids.user}/${await starredWord(ids.user)}`,
  },
  // Issue 14: the video library, the guides and the learning links, read by anyone signed in.
  'GET /api/video/': { rule: anyone },
  'GET /api/guide': { rule: anyone },
  'GET /api/theme': { rule: anyone },
  'GET /api/topic/theme/name/{themeName}': {
    rule: anyone,
    path: `/api/topic/theme/name/${encodeURIComponent('Clinical guidelines')}`,
  },
  'GET /api/link/theme/name/{themeName}': {
    rule: anyone,
    path: `/api/link/theme/name/${encodeURIComponent('International mobility')}`,
  },
  'GET /api/link/topic/name/{topicName}': {
    rule: anyone,
    path: `/api/link/topic/name/${encodeURIComponent('UK national guidance')}`,
  },
  // Issue 15: webinars for anyone signed in; a booking and its cancelling are the learner's own; the
  // join address of a room open now only for those booked (nobody here) or staff; creating, staff.
  // Decision 0037: another company's webinar is not found (404), as an unknown id, and its room's
  // address is its company's staff's (a platform webinar's, an admin's); staff create their
  // company's (an admin the platform's).
  'GET /api/webinar': { rule: anyone },
  'PUT /api/webinar/registrant': {
    rule: (f) => f.self && f.readsWebinar,
    body: (ids) => {
      const webinar = webinarToBook.get(ids.webinarOf)!;
      return { meetingId: webinar.meetingId, webinaireId: webinar.id, userId: ids.user };
    },
    refused: (f) => (f.self ? 404 : 403),
  },
  'PUT /api/webinar/registrant/delete/{webinarId}/{userId}': {
    rule: (f) => f.self && f.readsWebinar,
    prepare: async (ids) =>
      `/api/webinar/registrant/delete/${webinarToBook.get(ids.webinarOf)!.id}/${ids.user}`,
    refused: (f) => (f.self ? 404 : 403),
  },
  'GET /api/zoom/meeting/single/{meetingId}': {
    rule: (f) => f.hostsMeeting,
    prepare: async (ids) => `/api/zoom/meeting/single/${openMeeting.get(ids.meetingOf)!}`,
    refused: (f) => (f.readsMeeting ? 403 : 404),
  },
  'POST /api/zoom/meeting': {
    rule: (f) => !f.learner,
    body: () => ({ topic: 'Access table', start: '2027-01-10T17:00:00.000Z', duration: 60, places: 10 }),
  },
  'GET /api/googlestorage/download/webinar/{recording}': {
    rule: (f) => f.readsRecording,
    prepare: async (ids) => `/api/googlestorage/download/webinar/${replay.get(ids.recordingOf)!}`,
    refused: 404,
  },
  // Issue 15: the pronunciation box, for anyone signed in.
  'GET /api/dictionary/{word}': { rule: anyone, path: '/api/dictionary/healthy' },
  'GET /api/speech/{word}': { rule: anyone, path: '/api/speech/heart' },
  'GET /api/qpool/{poolId}': { rule: anyone, path: `/api/qpool/${DEMO_POOLS.open}` },
  // Decision 0037: a pool's questions are for the staff of a group whose exam draws on it (403:
  // the pool's existence is anyone's to learn, GET /qpool/{poolId}).
  'GET /api/qpool/questions/{poolId}': {
    rule: (f) => f.poolStaff,
    path: '/api/qpool/questions/:pool',
  },
  'POST /api/examtype1/exam': {
    rule: self,
    body: (ids) => ({ userId: ids.user, poolId: DEMO_POOLS.finished }),
  },
  'POST /api/test/init/{testModelId}': {
    rule: self,
    path: '/api/test/init/placement-v1',
    body: (ids) => ({ user: ids.user }),
  },
  'PUT /api/test/{testId}': {
    // The same first answer each time: the test accepts an answer saved identically again.
    rule: (f) => f.ownTest,
    path: '/api/test/:test',
    body: (ids) => ({ answers: [placementAnswerOf(ids.test)] }),
  },
  'PUT /api/test/{testId}/audio': {
    rule: (f) => f.ownTest,
    path: '/api/test/:test/audio',
    body: (ids) => ({ media: ids.media }),
  },
  'GET /api/test/user/{userId}': { rule: self, path: '/api/test/user/:user' },
  'PUT /api/unittrackers/timer/{id}': {
    // The beat's group is checked inside its one statement (decision 0011), not by the policy.
    rule: selfInGroup,
    path: '/api/unittrackers/timer/:user',
    body: (ids) => ({ time: 30, group: ids.group }),
  },
  'GET /api/unittrackers/time/': { rule: anyone },
  'GET /api/idletracker/user/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/idletracker/user/:user/:group',
  },
  'GET /api/unittrackers/user/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/unittrackers/user/:user/:group',
  },
  'GET /api/unittrackers/latest/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/unittrackers/latest/:user/:group',
  },
  'GET /api/results/global/{userId}/{email}/{groupId}': {
    rule: selfInGroupByEmail,
    path: '/api/results/global/:user/:email/:group',
  },
  'POST /api/progresstrackers/{userId}': {
    rule: selfInGroup,
    path: '/api/progresstrackers/:user',
    body: (ids) => ({
      groupId: ids.group,
      progress: { completionRate: 0, successRate: 0, date: '2026-01-01', time: 0, sec: 0 },
    }),
  },
  'GET /api/funfact': { rule: anyone },
  'GET /api/funfact/random/{id}': { rule: anyone, path: '/api/funfact/random/:user' },
  'GET /api/news/last/{type}': { rule: anyone, path: '/api/news/last/Students' },
  'GET /api/survey/single/{userId}/{audience}/{semester}/{companyId}': {
    rule: selfInCompany,
    path: '/api/survey/single/:user/Students/:semester/:company',
  },
  // Another company's survey or another group's file is 404, like an unknown id (decision 0008).
  'PUT /api/survey/{id}': {
    rule: (f) => f.surveyOfCompany,
    path: '/api/survey/:survey',
    body: (ids) => ({ usersDone: [ids.caller] }),
    refused: 404,
  },
  'PUT /api/survey/later/{id}': {
    rule: (f) => f.surveyOfCompany,
    path: '/api/survey/later/:survey',
    refused: 404,
  },
  'PUT /api/student/satisfaction/{id}': {
    rule: (f) => f.self && f.surveyOfCompany,
    path: '/api/student/satisfaction/:user',
    body: (ids) => ({ surveyId: ids.survey }),
    // Another learner's id is refused first (403); the caller's own with a survey not theirs, 404.
    refused: (f) => (f.self ? 404 : 403),
  },
  'GET /api/googlestorage/files/{kind}/{company}/{group}': {
    rule: (f) => f.company && f.member,
    path: '/api/googlestorage/files/distribution/:company/:group',
  },
  'POST /api/googlestorage/download': {
    rule: (f) => f.fileOfOwnGroup,
    body: (ids) => ({ filename: ids.file }),
    refused: 404,
  },
  'GET /api/module/user/{userId}/{groupId}': { rule: selfInGroup, path: '/api/module/user/:user/:group' },
  'GET /api/module/totalquiz/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/module/totalquiz/:user/:group',
  },
  'GET /api/module/percentage/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/module/percentage/:user/:group',
  },
  'GET /api/module/progress/{userId}/{groupId}': {
    rule: selfInGroup,
    path: '/api/module/progress/:user/:group',
  },
  'POST /api/module/test/{userId}': {
    rule: selfInGroupByEmail,
    path: '/api/module/test/:user',
    // Another learner's id with the caller's own address (the id alone must be refused), or the
    // caller's id with the address the scenario names.
    body: (ids) => ({ email: ids.user === ids.caller ? ids.email : ids.callerEmail, groupId: ids.group }),
  },
  'POST /api/xapi/launch/{unitId}': {
    rule: (f) => f.member,
    path: '/api/xapi/launch/:unit',
    body: (ids) => ({ groupId: ids.group }),
  },

  'GET /api/admin/outbox': { rule: (f) => f.admin },
  // Lifting a block that is not there: an admin's call changes nothing the other lines rely on.
  'PUT /api/admin/user/{id}/blocked': {
    rule: (f) => f.admin,
    path: '/api/admin/user/:user/blocked',
    body: () => ({ blocked: false }),
  },
  'PUT /api/admin/company/{id}/loginBlocked': {
    rule: (f) => f.admin,
    path: '/api/admin/company/:company/loginBlocked',
    body: () => ({ loginBlocked: false }),
  },

  // Issue 18: an admin waives a cmi5 AU, a new one per call (the waiver is once per registration).
  'PUT /api/admin/user/{id}/cmi5/{unitId}/waiver': {
    rule: (f) => f.admin,
    prepare: async (ids) => `/api/admin/user/${ids.user}/cmi5/${await makeCmi5Unit(glossaryDb!)}/waiver`,
    body: () => ({ reason: 'Administrative' }),
  },

  // The learning record store answers its own credentials only (never a learner's access token).
  'OPTIONS /api/xapi/{*}': { rule: 'public', path: '/api/xapi/statements' },
  'GET /api/xapi/about': { rule: 'public' },
  // cmi5 (issue 18): a token we never issued answers the cmi5 error object, with 200.
  'POST /api/cmi5/fetch/{token}': { rule: 'public', path: '/api/cmi5/fetch/not-a-token' },
  'OPTIONS /api/cmi5/fetch/{token}': { rule: 'public', path: '/api/cmi5/fetch/not-a-token' },
  'POST /api/xapi/statements': { rule: 'lrs' },
  'PUT /api/xapi/statements': { rule: 'lrs', path: '/api/xapi/statements?statementId=:user' },
  'GET /api/xapi/statements': { rule: 'lrs' },
  'GET /api/xapi/activities/state': { rule: 'lrs' },
  'PUT /api/xapi/activities/state': { rule: 'lrs' },
  'POST /api/xapi/activities/state': { rule: 'lrs' },
  'DELETE /api/xapi/activities/state': { rule: 'lrs' },
  'GET /api/xapi/activities/profile': { rule: 'lrs' },
  'PUT /api/xapi/activities/profile': { rule: 'lrs' },
  'POST /api/xapi/activities/profile': { rule: 'lrs' },
  'DELETE /api/xapi/activities/profile': { rule: 'lrs' },
  'GET /api/xapi/agents/profile': { rule: 'lrs' },
  'PUT /api/xapi/agents/profile': { rule: 'lrs' },
  'POST /api/xapi/agents/profile': { rule: 'lrs' },
  'DELETE /api/xapi/agents/profile': { rule: 'lrs' },
  'GET /api/xapi/agents': { rule: 'lrs' },
  'GET /api/xapi/activities': { rule: 'lrs' },
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';

interface Caller extends MadeUser {
  token: string;
  semester: number;
  memberOf: string[];
  /** The groups they teach. */
  teaches: string[];
  /** Their placement test in progress. */
  test: string;
  /** Their exam attempt in progress. */
  attempt: string;
}

describe('the access table: every route × role × whose ids', () => {
  let ctx: TestContext;
  let closeSimulator: (() => Promise<void>) | undefined;
  let routes: string[];
  const callers: Record<string, Caller> = {};
  type Scenario =
    | 'own'
    | 'another learner of the company'
    | 'own id, a group of the company not theirs'
    | 'own id, another company'
    | 'another company';
  let scenarios: (c: Caller) => Record<Scenario, Ids>;
  let facts: (c: Caller, ids: Ids) => Facts;

  beforeAll(async () => {
    const simulator = await startEvaluoSimulator({
      key: 'access-table-key',
      exams: () =>
        demoEvaluoExams(Date.now()).map((e) =>
          e.id.endsWith(':S3-SPEAKING-2')
            ? { ...e, participants: [...e.participants, ...evaluoParticipants] }
            : e,
        ),
    });
    evaluoUrl = simulator.url;
    closeSimulator = simulator.close;
    ctx = await createTestContext({ config: { EVALUO_URL: simulator.url, EVALUO_KEY: 'access-table-key' } });
    glossaryDb = ctx.database.db;
    const db = ctx.database.db;
    const doc = ctx.app.swagger() as { paths: Record<string, Record<string, unknown>> };
    routes = Object.entries(doc.paths).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );

    const [s3a, s3b, s1a, clinicGroup] = await Promise.all([
      groupIdByName(db, 'S3 – Groupe A'),
      groupIdByName(db, 'S3 – Groupe B'),
      groupIdByName(db, 'S1 – Groupe A'),
      groupIdByName(db, 'Parcours Clinique'),
    ]);
    const univ = DEMO_IDS.universite;
    const model = (await loadModel(db, 'placement-v1'))!;
    placementModel = model;
    const [bookable] = await db
      .select({ id: webinars.id, meetingId: webinars.meetingId })
      .from(webinars)
      .where(eq(webinars.key, 'breaking-bad-news'));
    webinarToBook.set(null, bookable!);
    openMeeting.set(null, '70000000001');
    replay.set(null, 'explaining-medicines.mp4');
    // Decision 0037: the same for each company (the admin's own, the platform's organisation, too),
    // and a replay of another company's.
    const tenants = [univ, DEMO_IDS.clinique, DEMO_IDS.platform];
    for (const [i, companyId] of tenants.entries()) {
      const [row] = await db
        .insert(webinars)
        .values({
          companyId,
          meetingId: `7100000000${i}`,
          joinUrl: `/meet/7100000000${i}`,
          topic: 'To book',
          start: new Date(Date.now() + 10 * 86_400_000),
          durationMinutes: 60,
          places: 10,
        })
        .returning({ id: webinars.id, meetingId: webinars.meetingId });
      webinarToBook.set(companyId, row!);
      openMeeting.set(companyId, `7000000001${i}`);
    }
    for (const [companyId, meetingId] of openMeeting) {
      await db.insert(webinars).values({
        companyId,
        meetingId,
        joinUrl: `/meet/${meetingId}`,
        topic: 'Open now',
        start: new Date(Date.now() - 5 * 60_000),
        durationMinutes: 60,
        places: 10,
      });
    }
    replay.set(DEMO_IDS.clinique, 'access-table-clinic.mp4');
    await db.insert(webinars).values({
      companyId: DEMO_IDS.clinique,
      meetingId: '72000000001',
      joinUrl: '/meet/72000000001',
      topic: 'Past',
      start: new Date(Date.now() - 10 * 86_400_000),
      durationMinutes: 60,
      places: 10,
      recording: replay.get(DEMO_IDS.clinique)!,
    });
    await ctx.storage.put(builtInRecordingKey('72000000001'), Buffer.from('a replay'));
    // Exam pools by the group whose exam draws on each: S3 – Groupe A's open exam, S1 – Groupe A's
    // finished one (a group of the university the table's teacher does not teach), a clinic's.
    const clinicPool = 'access-table-clinic-pool';
    await db.insert(questionPools).values({ id: clinicPool, name: 'A clinic exam' });
    const clinicExamGroup = await makeExamGroup(db, {
      companyId: DEMO_IDS.clinique,
      poolId: clinicPool,
      begin: new Date(Date.now() + 86_400_000),
      end: null,
      semester: null,
    });
    const poolGroup = new Map<string, { group: string; company: string }>([
      [DEMO_POOLS.open, { group: s3a, company: univ }],
      [DEMO_POOLS.finished, { group: s1a, company: univ }],
      [clinicPool, { group: clinicExamGroup, company: DEMO_IDS.clinique }],
    ]);
    const audio = [...model.audioFiles];
    expect(audio.length).toBeGreaterThanOrEqual(3);

    const signIn = async (user: MadeUser, memberOf: string[], teaches: string[] = []): Promise<Caller> => {
      const res = await call(ctx.app, 'POST', '/api/student/login', {
        body: { email: user.email, password: FACTORY_PASSWORD },
      });
      expect(res.status).toBe(200);
      // A learner placed at level 1 (score 3 of 10): the association with a level-1 group is theirs.
      if (user.role === 'learner') await makePlacementTest(db, user.id, 3);
      // And a test in progress, for every role: the placement calls name it.
      const test = await makePlacementTest(db, user.id);
      // And an exam attempt, for every role: the attempt calls name it.
      const attempt = await makeExamAttempt(db, {
        userId: user.id,
        groupId: s3a,
        poolId: DEMO_POOLS.finished,
      });
      return {
        ...user,
        token: res.json.token,
        memberOf,
        teaches,
        test,
        attempt,
        semester: user.role === 'learner' ? 3 : 0,
      };
    };
    callers.learner = await signIn(await makeUser(db, { companyId: univ, memberOf: [s3a] }), [s3a]);
    callers.teacher = await signIn(
      await makeUser(db, { companyId: univ, role: 'teacher', teaches: [s3a, s3b] }),
      [],
      [s3a, s3b],
    );
    callers.manager = await signIn(await makeUser(db, { companyId: univ, role: 'manager' }), []);
    callers.admin = await signIn(await makeUser(db, { companyId: DEMO_IDS.platform, role: 'admin' }), []);

    const classmate = await makeUser(db, { companyId: univ, memberOf: [s3a] });
    const outsider = await makeUser(db, {
      companyId: DEMO_IDS.clinique,
      semester: null,
      memberOf: [clinicGroup],
    });
    const classmateTest = await makePlacementTest(db, classmate.id);
    const outsiderTest = await makePlacementTest(db, outsider.id);
    const classmateAttempt = await makeExamAttempt(db, {
      userId: classmate.id,
      groupId: s3a,
      poolId: DEMO_POOLS.finished,
    });
    const outsiderAttempt = await makeExamAttempt(db, {
      userId: outsider.id,
      groupId: clinicGroup,
      poolId: DEMO_POOLS.finished,
    });
    const attemptOwner = new Map<string, string>([
      [classmateAttempt, classmate.id],
      [outsiderAttempt, outsider.id],
      ...Object.values(callers).map((c) => [c.attempt, c.id] as [string, string]),
    ]);
    const testOwner = new Map<string, string>([
      [classmateTest, classmate.id],
      [outsiderTest, outsider.id],
      ...Object.values(callers).map((c) => [c.test, c.id] as [string, string]),
    ]);
    const surveyCompany = new Map<string, string>();
    const surveyOf = new Map<string, string>();
    for (const company of [univ, DEMO_IDS.clinique, DEMO_IDS.platform]) {
      const survey = await makeSurvey(db, company);
      surveyCompany.set(survey, company);
      surveyOf.set(company, survey);
    }
    const fileGroup = new Map<string, string>();
    const fileOf = new Map<string, string>();
    for (const group of [s3a, s3b, clinicGroup]) {
      const file = await makeGroupFile(db, group);
      fileGroup.set(file, group);
      fileOf.set(group, file);
    }
    // An abstract for each caller (in S3 – Groupe A, whatever their role), the classmate and the outsider.
    const uploadOwner = new Map<string, { user: string; group: string; company: string }>();
    const uploadOf = new Map<string, string>();
    for (const [user, group, company] of [
      ...Object.values(callers).map((c) => [c.id, s3a, univ] as const),
      [classmate.id, s3a, univ] as const,
      [outsider.id, clinicGroup, DEMO_IDS.clinique] as const,
    ]) {
      const upload = await makeUpload(db, { userId: user, groupId: group });
      uploadOwner.set(upload, { user, group, company });
      uploadOf.set(user, upload);
    }
    // Every user of the scenarios has a student id at the provider, and takes its open exam.
    const evaluoOf = new Map<string, string>();
    for (const user of [...Object.values(callers), classmate, outsider]) {
      const evaluoId = `EV-${user.id.slice(0, 8)}`;
      await db.update(users).set({ evaluoId }).where(eq(users.id, user.id));
      evaluoOf.set(user.id, evaluoId);
      evaluoParticipants.push({ email: user.email, studentId: evaluoId, state: null });
    }
    const groupNames = new Map<string, string>([
      [s3a, 'S3 – Groupe A'],
      [s3b, 'S3 – Groupe B'],
      [clinicGroup, 'Parcours Clinique'],
    ]);
    const companyNames = new Map<string, string>([
      [univ, 'Université Démo – Faculté de Médecine'],
      [DEMO_IDS.clinique, 'Clinique Démo'],
    ]);
    // Followed by every group named below: a launch refused is refused for the group alone.
    const unit = await makeUnit(db, [s3a, s3b, clinicGroup]);

    const otherCompanyContent = {
      wordOf: DEMO_IDS.clinique,
      webinarOf: DEMO_IDS.clinique,
      meetingOf: DEMO_IDS.clinique,
      recordingOf: DEMO_IDS.clinique,
      pool: clinicPool,
    };
    scenarios = (c) => {
      const own = {
        caller: c.id,
        callerEmail: c.email,
        user: c.id,
        email: c.email,
        company: c.companyId,
        group: s3a,
        test: c.test,
        attempt: c.attempt,
        survey: surveyOf.get(c.companyId)!,
        file: fileOf.get(s3a)!,
        semester: c.semester,
        unit,
        media: audio[0]!,
        upload: uploadOf.get(c.id)!,
        evaluo: evaluoOf.get(c.id)!,
        groupName: groupNames.get(s3a)!,
        companyName: companyNames.get(c.companyId) ?? 'Université Démo – Faculté de Médecine',
        wordOf: c.companyId,
        webinarOf: c.companyId,
        meetingOf: c.companyId,
        recordingOf: null,
        pool: DEMO_POOLS.open,
      } as Ids;
      return {
        own,
        'another learner of the company': {
          ...own,
          wordOf: 'new',
          user: classmate.id,
          email: classmate.email,
          company: univ,
          test: classmateTest,
          attempt: classmateAttempt,
          semester: 3,
          upload: uploadOf.get(classmate.id)!,
          evaluo: evaluoOf.get(classmate.id)!,
          companyName: companyNames.get(univ)!,
        },
        'own id, a group of the company not theirs': {
          ...own,
          // Platform content, and the pool of a group of the company the teacher does not teach.
          wordOf: null,
          webinarOf: null,
          meetingOf: null,
          pool: DEMO_POOLS.finished,
          group: s3b,
          groupName: groupNames.get(s3b)!,
          file: fileOf.get(s3b)!,
          // The caller's own file is named once (the "own" line deletes it, then uploads again).
          upload: uploadOf.get(classmate.id)!,
          media: audio[1]!,
        },
        'own id, another company': {
          ...own,
          ...otherCompanyContent,
          email: outsider.email,
          company: DEMO_IDS.clinique,
          survey: surveyOf.get(DEMO_IDS.clinique)!,
          file: fileOf.get(clinicGroup)!,
          media: audio[2]!,
          companyName: companyNames.get(DEMO_IDS.clinique)!,
          upload: uploadOf.get(outsider.id)!,
        },
        'another company': {
          ...own,
          ...otherCompanyContent,
          user: outsider.id,
          email: outsider.email,
          company: DEMO_IDS.clinique,
          group: clinicGroup,
          test: outsiderTest,
          attempt: outsiderAttempt,
          survey: surveyOf.get(DEMO_IDS.clinique)!,
          file: fileOf.get(clinicGroup)!,
          semester: 0,
          upload: uploadOf.get(outsider.id)!,
          evaluo: evaluoOf.get(outsider.id)!,
          groupName: groupNames.get(clinicGroup)!,
          companyName: companyNames.get(DEMO_IDS.clinique)!,
        },
      };
    };
    facts = (c, ids) => ({
      self: ids.user === c.id,
      company: ids.company === c.companyId,
      member: c.memberOf.includes(ids.group),
      ownTest: testOwner.get(ids.test) === c.id,
      ownAttempt: attemptOwner.get(ids.attempt) === c.id,
      surveyOfCompany: surveyCompany.get(ids.survey) === c.companyId,
      fileOfOwnGroup: c.memberOf.includes(fileGroup.get(ids.file)!),
      email: ids.email === c.email,
      learner: c.role === 'learner',
      admin: c.role === 'admin',
      manager: c.role === 'manager',
      ownUpload: uploadOwner.get(ids.upload)?.user === c.id,
      uploadReadable: ((upload) =>
        upload !== undefined &&
        (upload.user === c.id ||
          c.role === 'admin' ||
          (c.role === 'manager' && upload.company === c.companyId) ||
          (c.role === 'teacher' && upload.group === s3a)))(uploadOwner.get(ids.upload)),
      evaluoCompany: c.companyId === univ,
      ...((reads, staff) => ({
        newWord: ids.wordOf === 'new',
        readsWord: ids.wordOf !== 'new' && reads(ids.wordOf),
        editsWord: ids.wordOf === 'new' ? staff(c.companyId) : staff(ids.wordOf),
        readsWebinar: reads(ids.webinarOf),
        readsMeeting: reads(ids.meetingOf),
        hostsMeeting: staff(ids.meetingOf),
        readsRecording: reads(ids.recordingOf),
      }))(
        (company: string | null) => c.role === 'admin' || company === null || company === c.companyId,
        // Every staff caller of the table is staff of their own company (the teacher teaches two
        // of the university's groups); an admin is staff of all content.
        (company: string | null) =>
          c.role === 'admin' || (company !== null && company === c.companyId && c.role !== 'learner'),
      ),
      poolStaff: ((used) =>
        c.role === 'admin' ||
        (used !== undefined &&
          used.company === c.companyId &&
          (c.role === 'manager' || (c.role === 'teacher' && c.teaches.includes(used.group)))))(
        poolGroup.get(ids.pool),
      ),
    });
  });

  afterAll(async () => {
    await ctx?.close();
    await closeSimulator?.();
  });

  const fill = (path: string, ids: Ids) =>
    path
      .replace(':user', ids.user)
      .replace(':company', ids.company)
      .replace(':group', ids.group)
      .replace(':test', ids.test)
      .replace(':attempt', ids.attempt)
      .replace(':survey', ids.survey)
      .replace(':file', ids.file)
      .replace(':unit', ids.unit)
      .replace(':upload', ids.upload)
      .replace(':evaluo', ids.evaluo)
      .replace(':pool', ids.pool)
      .replace(':email', encodeURIComponent(ids.email))
      .replace(':semester', String(ids.semester));

  const request = (route: string, ids: Ids, token?: string, prepared?: string) => {
    const [method, openApiPath] = route.split(' ') as [Method, string];
    const line = TABLE[route]!;
    if (prepared) return call(ctx.app, method as 'GET', prepared, { token, body: line.body?.(ids) });
    if (line.multipart) {
      const { body, contentType } = multipartBody(line.multipart(ids));
      return call(ctx.app, method as 'GET', fill(line.path ?? openApiPath, ids), {
        token,
        raw: body,
        headers: { 'content-type': contentType },
      });
    }
    return call(ctx.app, method as 'GET', fill(line.path ?? openApiPath, ids), {
      token,
      body: line.body?.(ids),
    });
  };

  /** A digest of every table a request could change (rate-limit counters aside). */
  async function fingerprint(): Promise<string> {
    const db = ctx.database.db;
    const tables = (await db.execute(
      sql`SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE' AND table_name <> 'rate_limits' ORDER BY table_name`,
    )) as unknown as { rows: { table_name: string }[] };
    const parts: string[] = [];
    for (const { table_name } of tables.rows) {
      const result = (await db.execute(
        sql.raw(
          `SELECT md5(coalesce(string_agg(t::text, '|' ORDER BY t::text), '')) AS h FROM "${table_name}" t`,
        ),
      )) as unknown as { rows: { h: string }[] };
      parts.push(`${table_name}:${result.rows[0]!.h}`);
    }
    return parts.join(',');
  }

  it('has a line for every route of the OpenAPI description, and no line for a route that is gone', () => {
    const unknown = routes.filter((r) => !(r in TABLE));
    expect(unknown, 'routes missing from the access table').toEqual([]);
    const gone = Object.keys(TABLE).filter((r) => !routes.includes(r));
    expect(gone, 'lines of the access table with no route').toEqual([]);
  });

  it('has the public lines of the one public list (PUBLIC_ROUTES), and no other', () => {
    // The list names routes as Fastify does (:code, *); the description as OpenAPI ({code}, {*}).
    const listed = Object.keys(PUBLIC_ROUTES)
      .map((route) => route.replace(/:(\w+)/g, '{$1}').replace(/\*$/, '{*}'))
      .sort();
    const publicLines = Object.keys(TABLE)
      .filter((route) => TABLE[route]!.rule === 'public')
      .sort();
    expect(publicLines).toEqual(listed);
    // And the description says so: no token asked for on those, one on every other but the LRS's.
    const doc = ctx.app.swagger() as {
      paths: Record<string, Record<string, { security?: unknown[]; description?: string }>>;
    };
    for (const route of routes) {
      const [method, path] = route.split(' ') as [string, string];
      const operation = doc.paths[path]![method.toLowerCase()]!;
      const open = TABLE[route]!.rule === 'public' || TABLE[route]!.rule === 'lrs';
      expect(operation.security, route).toEqual(open ? [] : [{ token: [] }]);
    }
  });

  it('refuses every signed-in route without a token, or with a forged one, changing nothing', async () => {
    const before = await fingerprint();
    const ids = scenarios(callers.learner!).own;
    for (const route of routes) {
      const rule = TABLE[route]!.rule;
      if (rule === 'public' || rule === 'lrs') continue;
      for (const token of [undefined, `${callers.learner!.token.slice(0, -4)}AAAA`]) {
        const res = await request(route, ids, token);
        expect(res.status, `${route} with ${token ? 'a forged' : 'no'} token`).toBe(401);
      }
    }
    expect(await fingerprint()).toBe(before);
  });

  it('answers public routes without a token', async () => {
    const ids = scenarios(callers.learner!).own;
    for (const route of routes.filter((r) => TABLE[r]!.rule === 'public')) {
      const res = await request(route, ids);
      // A public route may refuse what it is sent (a wrong password is a 401), never the caller.
      expect([ErrorCode.UNAUTHENTICATED, ErrorCode.FORBIDDEN], route).not.toContain(res.json?.error?.code);
    }
  });

  it('refuses the LRS routes without its own credentials, a learner access token included', async () => {
    const ids = scenarios(callers.learner!).own;
    for (const route of routes.filter((r) => TABLE[r]!.rule === 'lrs')) {
      const [method, openApiPath] = route.split(' ') as ['GET', string];
      const url = TABLE[route]!.path?.replace(':user', ids.user) ?? openApiPath;
      for (const authorization of [undefined, `Token ${callers.learner!.token}`]) {
        const res = await call(ctx.app, method, url, {
          headers: { 'x-experience-api-version': '1.0.3', ...(authorization ? { authorization } : {}) },
        });
        expect(res.status, `${route} ${authorization ? 'with a learner token' : 'without credentials'}`).toBe(
          401,
        );
      }
    }
  });

  /** What differs from the table for one route and one caller (nothing when all is well). */
  async function outcomesOf(route: string, caller: Caller): Promise<string[]> {
    const line = TABLE[route]!;
    const rule = line.rule;
    if (rule === 'public' || rule === 'lrs') return [];
    const outcomes: string[] = [];
    const all = Object.entries(scenarios(caller)) as [Scenario, Ids][];
    // Refusals first, so that the digest compares data no allowed call of this route has changed.
    const refused = all.filter(([, ids]) => !rule(facts(caller, ids)));
    const allowed = all.filter(([, ids]) => rule(facts(caller, ids)));
    const prepared = new Map<Scenario, string>();
    for (const [name, ids] of all) if (line.prepare) prepared.set(name, await line.prepare(ids));
    const before = await fingerprint();
    for (const [name, ids] of refused) {
      const res = await request(route, ids, caller.token, prepared.get(name));
      const refusal =
        typeof line.refused === 'function' ? line.refused(facts(caller, ids)) : (line.refused ?? 403);
      if (res.status !== refusal)
        outcomes.push(
          `${route} (${name}) should be refused (${refusal}): ${res.status} ${res.body.slice(0, 120)}`,
        );
    }
    if (refused.length > 0 && (await fingerprint()) !== before) {
      outcomes.push(`${route}: a refused request changed data`);
    }
    for (const [name, ids] of allowed) {
      const res = await request(route, ids, caller.token, prepared.get(name));
      if (res.status < 200 || res.status > 299)
        outcomes.push(`${route} (${name}) should succeed: ${res.status} ${res.body.slice(0, 120)}`);
    }
    return outcomes;
  }

  for (const role of ['learner', 'teacher', 'manager', 'admin'] as const) {
    it(`answers ${role === 'admin' ? 'an' : 'a'} ${role} as the table says, and a refusal changes nothing`, async () => {
      const outcomes: string[] = [];
      for (const route of routes) outcomes.push(...(await outcomesOf(route, callers[role]!)));
      expect(outcomes).toEqual([]);
    });
  }
});
