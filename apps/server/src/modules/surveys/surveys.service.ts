import { and, desc, eq, isNull, or } from 'drizzle-orm';
import { SURVEY_LATER_DAYS, type Survey } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { surveyResponses, surveys, users } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';

interface Learner {
  userId: string;
  companyId: string;
}

/** The server's day (TZ_DISPLAY): a put-off survey comes back the day after `laterUntil`. */
type Today = string;

/** Surveys a learner may see: for every company or theirs, every semester or the one asked. */
function visibleTo(who: Learner, semester?: number) {
  return and(
    eq(surveys.audience, 'Students'),
    or(isNull(surveys.companyId), eq(surveys.companyId, who.companyId)),
    semester === undefined ? undefined : or(isNull(surveys.semester), eq(surveys.semester, semester)),
  );
}

/** usersDone holds the caller alone, when they answered: other learners' ids are not theirs to see. */
async function present(
  db: Executor,
  row: typeof surveys.$inferSelect,
  who: Learner,
  today: Today,
): Promise<Survey> {
  const [done] = await db
    .select({ userId: surveyResponses.userId })
    .from(surveyResponses)
    .where(and(eq(surveyResponses.surveyId, row.id), eq(surveyResponses.userId, who.userId)));
  const [user] = await db
    .select({ laterUntil: users.surveyLaterUntil })
    .from(users)
    .where(eq(users.id, who.userId));
  const laterUntil = user?.laterUntil && user.laterUntil >= today ? user.laterUntil : null;
  return {
    _id: row.id,
    surveyLink: row.surveyLink,
    title: row.title,
    usersDone: done ? [who.userId] : [],
    laterUntil,
  };
}

/** GET /survey/single/{userId}/Students/{semester}/{companyId}: the newest survey, or null. */
export async function surveyFor(
  db: Executor,
  who: Learner,
  semester: number,
  today: Today,
): Promise<Survey | null> {
  const [row] = await db
    .select()
    .from(surveys)
    .where(visibleTo(who, semester))
    .orderBy(desc(surveys.createdAt))
    .limit(1);
  return row ? present(db, row, who, today) : null;
}

/**
 * Whether the survey is one the learner may see (for every company or theirs): the access
 * requirement of the routes naming a survey (surveys.routes.ts, objectOf), so another company's
 * survey answers 404 like an unknown one.
 */
export async function isSurveyOffered(db: Executor, surveyId: string, who: Learner): Promise<boolean> {
  const [row] = await db
    .select({ id: surveys.id })
    .from(surveys)
    .where(and(eq(surveys.id, surveyId), visibleTo(who)));
  return row !== undefined;
}

/** The survey, which the route has checked is offered to the learner (isSurveyOffered). */
async function surveyById(db: Executor, surveyId: string) {
  const [row] = await db.select().from(surveys).where(eq(surveys.id, surveyId));
  if (!row) throw notFound();
  return row;
}

/** PUT /survey/{id} {usersDone: [me]}: records the learner as done; doing it twice changes nothing. */
export async function markSurveyDone(
  db: Executor,
  surveyId: string,
  who: Learner,
  today: Today,
): Promise<Survey> {
  const row = await surveyById(db, surveyId);
  await db.insert(surveyResponses).values({ surveyId, userId: who.userId }).onConflictDoNothing();
  return present(db, row, who, today);
}

/** The ISO day `days` after `day`. */
function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/**
 * PUT /survey/later/{id}: 'Plus tard' puts the survey off for SURVEY_LATER_DAYS days, on the
 * server, so it does not come back at the next login or on another device.
 */
export async function putSurveyOff(
  db: Executor,
  surveyId: string,
  who: Learner,
  today: Today,
): Promise<Survey> {
  const row = await surveyById(db, surveyId);
  const laterUntil = addDays(today, SURVEY_LATER_DAYS - 1);
  await db.update(users).set({ surveyLaterUntil: laterUntil }).where(eq(users.id, who.userId));
  return present(db, row, who, today);
}

/**
 * PUT /student/satisfaction/{id} {surveyId}: when the learner first answered the satisfaction
 * survey (the route has checked the survey is offered to them).
 */
export async function recordSatisfaction(
  db: Executor,
  who: Learner,
  now: Date,
): Promise<{ satisfaction: boolean; at: string }> {
  const [current] = await db.select({ at: users.satisfactionAt }).from(users).where(eq(users.id, who.userId));
  const at = current?.at ?? now;
  if (!current?.at) await db.update(users).set({ satisfactionAt: at }).where(eq(users.id, who.userId));
  return { satisfaction: true, at: at.toISOString() };
}
