import { and, eq, sql } from 'drizzle-orm';
import { today, type Clock } from '../../lib/clock.js';
import type { Executor } from '../../db/client.js';
import type { Deps } from '../../deps.js';
import { studyBeats, studyTime } from '../../db/schema.js';
import { forbidden } from '../../lib/app-error.js';
import { isMember } from '../groups/index.js';
import { MAX_CREDIT_SECONDS } from './heartbeat-rules.js';

/**
 * The hot path of the heartbeat, one statement (and one round trip, prepared once per
 * connection): the learner's last beat is swapped to now under a row lock — two tabs beating at
 * once take turns, the second seeing the first's time — and the credit, never more than the claim
 * (already capped by heartbeat-rules), nor than the seconds since the previous beat, is added to
 * the learner's total for the group, unit and day. The group named in the beat must be one of the
 * learner's ($3 null: no group). No row comes back for a first beat, or for a group not theirs.
 * That membership test stays inside this statement rather than in the route's access policy
 * (memberOf) or the groups helper: a second query on every beat is what decision 0011 and the
 * heartbeat bench figures rule out.
 */
const BEAT_SQL = `
WITH swap AS (
  UPDATE study_beats SET last_beat_at = GREATEST(study_beats.last_beat_at, $2::timestamptz)
  FROM (SELECT last_beat_at AS previous FROM study_beats WHERE user_id = $1 FOR UPDATE) AS before
  WHERE study_beats.user_id = $1
    AND ($3::uuid IS NULL OR EXISTS (SELECT 1 FROM group_members WHERE user_id = $1 AND group_id = $3::uuid))
  RETURNING before.previous
), credit AS (
  SELECT GREATEST(0, FLOOR(LEAST($5::float8, EXTRACT(EPOCH FROM ($2::timestamptz - previous)))))::int AS seconds
  FROM swap
)
INSERT INTO study_time (user_id, group_id, unit_id, day, seconds)
SELECT $1, coalesce($3::text, ''), $4, $6::date, seconds FROM credit
ON CONFLICT (user_id, group_id, unit_id, day) DO UPDATE SET seconds = study_time.seconds + EXCLUDED.seconds
RETURNING study_time.seconds AS total, (SELECT seconds FROM credit) AS credited`;

/**
 * The rare path: the learner's first beat only starts the clock (credit 0), and a group that is
 * not theirs is refused. Two first beats at once: one inserts, the other updates.
 */
async function startClock(
  db: Executor,
  key: { userId: string; groupId: string; unitId: string; day: string },
  now: Date,
): Promise<{ credited: number; seconds: number }> {
  if (key.groupId && !(await isMember(db, key.userId, key.groupId))) throw forbidden();
  await db
    .insert(studyBeats)
    .values({ userId: key.userId, lastBeatAt: now })
    .onConflictDoUpdate({
      target: studyBeats.userId,
      set: { lastBeatAt: sql`GREATEST(${studyBeats.lastBeatAt}, excluded.last_beat_at)` },
    });
  const [row] = await db
    .select({ seconds: studyTime.seconds })
    .from(studyTime)
    .where(
      and(
        eq(studyTime.userId, key.userId),
        eq(studyTime.groupId, key.groupId),
        eq(studyTime.unitId, key.unitId),
        eq(studyTime.day, key.day),
      ),
    );
  return { credited: 0, seconds: row?.seconds ?? 0 };
}

/**
 * PUT /unittrackers/timer/{id}: adds the study time of one heartbeat to the learner's total for
 * their group, unit and day — one statement on the hot path (about 350 beats a second for 10,000
 * active learners).
 */
export async function recordHeartbeat(
  deps: Pick<Deps, 'db' | 'config' | 'namedStatements'> & { clock: Clock },
  userId: string,
  body: { unit?: string | null; time: number; group?: string },
): Promise<{ credited: number; seconds: number }> {
  const now = deps.clock.now();
  const key = {
    userId,
    groupId: body.group ?? '',
    unitId: body.unit ?? '',
    day: today(deps.clock, deps.config.TZ_DISPLAY),
  };
  const claim = Math.min(body.time, MAX_CREDIT_SECONDS);
  const result = await deps.db.$client.query<{ total: number; credited: number }>({
    // Prepared once per connection on a PostgreSQL server. Not on PGlite: its one session outlives
    // the pool's connections, and a new connection preparing the name again would fail (42P05).
    name: deps.namedStatements ? 'heartbeat' : undefined,
    text: BEAT_SQL,
    values: [userId, now.toISOString(), body.group ?? null, key.unitId, claim, key.day],
  });
  const row = result.rows[0];
  if (row) return { credited: row.credited, seconds: row.total };
  return startClock(deps.db, key, now);
}
