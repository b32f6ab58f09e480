import { and, asc, eq, sql } from 'drizzle-orm';
import type { Webinar } from '@medenglish/shared';
import { ErrorCode, isJoinOpen, messages, placesLeft } from '@medenglish/shared';
import { users, webinarRegistrations, webinars } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { AppError, forbidden, notFound } from '../../lib/app-error.js';
import { MeetingsUnavailable } from '../../integrations/meetings/meetings-provider.js';
import { readsContentOf, staffOfCompanyIn } from '../../plugins/access-policy.js';
import type { AccessClaims } from '../auth/index.js';

type Row = typeof webinars.$inferSelect;

function present(row: Row, taken: number, mine: boolean, userId: string): Webinar {
  return {
    _id: row.id,
    meetingId: row.meetingId,
    start: row.start.toISOString(),
    duration: row.durationMinutes,
    topic: row.topic,
    blurb: row.blurb,
    speaker: row.speaker,
    places: row.places,
    placesLeft: placesLeft(row.places, taken),
    registered: mine ? [userId] : [],
    recording: row.recording,
  };
}

/**
 * GET /webinar: the webinars the caller sees — the platform's and their company's (decision 0037) —
 * with their places left, and whether the caller is booked on each.
 */
export async function listWebinars(deps: Deps, claims: AccessClaims): Promise<Webinar[]> {
  const { userId } = claims;
  const rows = await deps.db
    .select({
      webinar: webinars,
      taken: sql<number>`(select count(*)::int from ${webinarRegistrations} r where r.webinar_id = ${webinars.id})`,
      mine: sql<boolean>`exists (select 1 from ${webinarRegistrations} r where r.webinar_id = ${webinars.id} and r.user_id = ${userId})`,
    })
    .from(webinars)
    .where(readsContentOf(webinars.companyId, claims))
    .orderBy(asc(webinars.start));
  return rows.map((r) => present(r.webinar, r.taken, r.mine, userId));
}

/** The webinar is one the caller sees (decision 0037); false for an unknown id. */
export async function isWebinarReadable(deps: Deps, id: string, claims: AccessClaims): Promise<boolean> {
  const [row] = await deps.db
    .select({ id: webinars.id })
    .from(webinars)
    .where(and(eq(webinars.id, id), readsContentOf(webinars.companyId, claims)));
  return row !== undefined;
}

const unavailable = () => new AppError(ErrorCode.PROVIDER_UNAVAILABLE, messages.webinars.unavailable);

/**
 * PUT /webinar/registrant: books a place. The webinar's row is locked while its places are counted,
 * so two learners taking the last place at the same instant are served one after the other: the
 * second finds it full (SPEC §4: disabled when full). Booked on our side first, then at the
 * provider; if the provider refuses, the booking is undone and the learner told.
 */
export async function register(
  deps: Deps,
  body: { webinaireId: string; meetingId: string; userId: string },
): Promise<{ _id: string; registered: string[] }> {
  const booked = await inTransaction(deps.db, async (tx) => {
    const [row] = await tx.select().from(webinars).where(eq(webinars.id, body.webinaireId)).for('update');
    if (!row || row.meetingId !== body.meetingId) throw notFound();
    if (row.start.getTime() <= deps.clock.now().getTime())
      throw new AppError(ErrorCode.WEBINAR_STARTED, messages.webinars.startedError);
    const [mine] = await tx
      .select({ userId: webinarRegistrations.userId })
      .from(webinarRegistrations)
      .where(and(eq(webinarRegistrations.webinarId, row.id), eq(webinarRegistrations.userId, body.userId)));
    if (mine) return { row, isNew: false };
    const [{ taken }] = (await tx
      .select({ taken: sql<number>`count(*)::int` })
      .from(webinarRegistrations)
      .where(eq(webinarRegistrations.webinarId, row.id))) as [{ taken: number }];
    if (taken >= row.places) throw new AppError(ErrorCode.WEBINAR_FULL, messages.webinars.fullError);
    await tx.insert(webinarRegistrations).values({ webinarId: row.id, userId: body.userId });
    return { row, isNew: true };
  });
  if (booked.isNew) {
    try {
      const [learner] = await deps.db
        .select({ email: users.email, firstname: users.firstname, name: users.name })
        .from(users)
        .where(eq(users.id, body.userId));
      const { joinUrl } = await deps.meetings.addRegistrant(booked.row.meetingId, {
        email: learner!.email,
        firstname: learner!.firstname,
        lastname: learner!.name,
      });
      await deps.db
        .update(webinarRegistrations)
        .set({ joinUrl })
        .where(
          and(
            eq(webinarRegistrations.webinarId, booked.row.id),
            eq(webinarRegistrations.userId, body.userId),
          ),
        );
    } catch (error) {
      await deps.db
        .delete(webinarRegistrations)
        .where(
          and(
            eq(webinarRegistrations.webinarId, booked.row.id),
            eq(webinarRegistrations.userId, body.userId),
          ),
        );
      if (error instanceof MeetingsUnavailable) throw unavailable();
      throw error;
    }
  }
  return { _id: booked.row.id, registered: [body.userId] };
}

/** PUT /webinar/registrant/delete/{webinarId}/{userId}: the booking cancelled, here and at the provider. */
export async function cancel(deps: Deps, webinarId: string, userId: string): Promise<{ _id: string }> {
  const [row] = await deps.db.select().from(webinars).where(eq(webinars.id, webinarId));
  if (!row) throw notFound();
  const [gone] = await deps.db
    .delete(webinarRegistrations)
    .where(and(eq(webinarRegistrations.webinarId, webinarId), eq(webinarRegistrations.userId, userId)))
    .returning();
  if (gone) {
    const [learner] = await deps.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
    // The place is free on our side whatever the provider says: a registrant left at the provider
    // cannot join without their booking here, and the provider's list is tidied on the next try.
    await deps.meetings.cancelRegistrant(row.meetingId, learner!.email).catch(() => undefined);
  }
  return { _id: webinarId };
}

/**
 * GET /zoom/meeting/single/{meetingId}: the join address — the learner's own — once the room opens
 * (15 minutes before the start) and until the end. The webinar's staff (decision 0037: of its
 * company, or an admin — the only staff of a platform webinar) read the room's own address at any
 * time; a webinar the caller does not see is not found.
 */
export async function joinLink(
  deps: Deps,
  meetingId: string,
  claims: AccessClaims,
): Promise<{ join_url: string }> {
  const [found] = await deps.db
    .select({ row: webinars, host: staffOfCompanyIn(webinars.companyId, claims) })
    .from(webinars)
    .where(and(eq(webinars.meetingId, meetingId), readsContentOf(webinars.companyId, claims)));
  if (!found) throw notFound();
  const { row } = found;
  if (found.host) return { join_url: row.joinUrl };
  const [booking] = await deps.db
    .select()
    .from(webinarRegistrations)
    .where(and(eq(webinarRegistrations.webinarId, row.id), eq(webinarRegistrations.userId, claims.userId)));
  if (!booking) throw forbidden();
  const times = { start: row.start.toISOString(), duration: row.durationMinutes };
  if (!isJoinOpen(times, deps.clock.now().getTime()))
    throw new AppError(ErrorCode.WEBINAR_NOT_OPEN, messages.webinars.notOpenError);
  return { join_url: booking.joinUrl ?? row.joinUrl };
}

/**
 * GET /googlestorage/download/webinar/{recording}: a time-limited address of the replay of a past
 * webinar the caller sees (decision 0037).
 */
export async function recordingLink(
  deps: Deps,
  recording: string,
  claims: AccessClaims,
): Promise<{ url: string }> {
  const [row] = await deps.db
    .select()
    .from(webinars)
    .where(and(eq(webinars.recording, recording), readsContentOf(webinars.companyId, claims)));
  if (!row) throw notFound();
  try {
    const found = await deps.meetings.recording(row.meetingId);
    if (!found) throw notFound();
    return { url: found.url };
  } catch (error) {
    if (error instanceof MeetingsUnavailable) throw unavailable();
    throw error;
  }
}

/**
 * POST /zoom/meeting (staff): the meeting at the provider, then the webinar — `company`'s own, or
 * the platform's for null (an admin's; decision 0037).
 */
export async function createWebinar(
  deps: Deps,
  body: { topic: string; blurb: string; speaker: string; start: string; duration: number; places: number },
  company: string | null,
): Promise<Webinar> {
  let meeting;
  try {
    meeting = await deps.meetings.createMeeting({
      topic: body.topic,
      start: body.start,
      durationMinutes: body.duration,
      agenda: body.blurb,
    });
  } catch (error) {
    if (error instanceof MeetingsUnavailable) throw unavailable();
    throw error;
  }
  const [row] = await deps.db
    .insert(webinars)
    .values({
      companyId: company,
      meetingId: meeting.meetingId,
      joinUrl: meeting.joinUrl,
      topic: body.topic,
      blurb: body.blurb,
      speaker: body.speaker,
      start: new Date(body.start),
      durationMinutes: body.duration,
      places: body.places,
    })
    .returning();
  return present(row!, 0, false, '');
}
