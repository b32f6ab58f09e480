import type { GlobalResults, IdleTracker, UnitResultEntry, UnitTrackers } from '@medenglish/shared';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/app-error.js';

/**
 * The three reads every open dashboard repeats every 30 s (SPEC §4/§9): the idle tracker, the
 * unit trackers and the global results of the learner's group. At 6,000 open dashboards that is
 * 600 reads a second, so each is one prepared statement (two, run side by side, for the global
 * results) that checks the learner's membership of the group itself, instead of a membership
 * query, an e-mail query and the reads one after the other (decision 0011). No row back means the
 * group is not the learner's: 403, as before. They read group_members themselves rather than
 * through the groups module's membership helper (groups/membership.ts), for that speed.
 */

type Reads = Pick<Deps, 'db' | 'namedStatements'>;

async function run<R extends Record<string, unknown>>(
  deps: Reads,
  name: string,
  text: string,
  values: unknown[],
): Promise<R[]> {
  // Prepared once per connection on a PostgreSQL server; PGlite shares one session between the
  // pool's connections, where naming a statement twice fails (see heartbeat.service.ts).
  const result = await deps.db.$client.query<R>({
    name: deps.namedStatements ? name : undefined,
    text,
    values,
  });
  return result.rows;
}

const IDLE_SQL = `
SELECT coalesce((
  SELECT sum(seconds) FROM study_time WHERE user_id = $1 AND group_id = $2::text AND unit_id = ''
), 0)::float8 AS seconds
FROM group_members WHERE user_id = $1 AND group_id = $2::uuid`;

/** GET /idletracker/user/{userId}/{groupId}: time in the group outside units. */
export async function idleTimeOfMember(deps: Reads, userId: string, groupId: string): Promise<IdleTracker> {
  const [row] = await run<{ seconds: number }>(deps, 'dashboard-idle', IDLE_SQL, [userId, groupId]);
  if (!row) throw forbidden();
  return { groupId, seconds: row.seconds };
}

// One row with unit null: a member without unit time; no row: not a member.
const UNIT_TIMES_SQL = `
SELECT t.unit, t.time
FROM (SELECT 1 FROM group_members WHERE user_id = $1 AND group_id = $2::uuid) AS member
LEFT JOIN LATERAL (
  SELECT u.id::text AS unit, sum(st.seconds)::float8 AS time
  FROM study_time st
  JOIN units u ON u.id::text = st.unit_id
  JOIN group_modules gm ON gm.module_id = u.module_id AND gm.group_id = $2::uuid
  WHERE st.user_id = $1 AND st.unit_id <> ''
  GROUP BY u.id
) AS t ON true`;

/**
 * GET /unittrackers/user/{userId}/{groupId}: time per unit of the group's modules. A unit's time
 * counts whichever group was selected while working on it: the work is the same.
 */
export async function unitTimesOfMember(deps: Reads, userId: string, groupId: string): Promise<UnitTrackers> {
  const rows = await run<{ unit: string | null; time: number | null }>(
    deps,
    'dashboard-unit-times',
    UNIT_TIMES_SQL,
    [userId, groupId],
  );
  if (rows.length === 0) throw forbidden();
  return { units: rows.flatMap((r) => (r.unit === null ? [] : [{ unit: r.unit, time: r.time ?? 0 }])) };
}

const TARGETS_SQL = `
SELECT g.elearning_duration, g.elearning_duration_target, g.elearning_target,
  ($3::text IS NULL OR EXISTS (SELECT 1 FROM users WHERE id = $1 AND lower(email) = lower(btrim($3)))) AS own_email,
  p.completion_rate, p.success_rate, p.day::text AS day, p.seconds
FROM group_members m
JOIN groups g ON g.id = m.group_id
LEFT JOIN progress_trackers p ON p.user_id = $1 AND p.group_id = $2::uuid
WHERE m.user_id = $1 AND m.group_id = $2::uuid`;

interface TargetsRow extends Record<string, unknown> {
  elearning_duration: number | null;
  elearning_duration_target: number | null;
  elearning_target: number | null;
  own_email: boolean;
  completion_rate: number | null;
  success_rate: number | null;
  day: string | null;
  seconds: number | null;
}

// The group's units in course order, with the learner's result and time in each.
const UNITS_SQL = `
SELECT u.id, u.name, u.is_final_quiz, u.is_rise, mo.id AS module_id, mo.name AS module_name,
  r.verb, r.result,
  coalesce((SELECT sum(st.seconds) FROM study_time st WHERE st.user_id = $1 AND st.unit_id = u.id::text), 0)::float8
    AS time
FROM group_modules gm
JOIN modules mo ON mo.id = gm.module_id
JOIN units u ON u.module_id = mo.id
LEFT JOIN unit_results r ON r.unit_id = u.id AND r.user_id = $1
WHERE gm.group_id = $2::uuid
ORDER BY gm.position, u.position`;

interface UnitRow extends Record<string, unknown> {
  id: string;
  name: string;
  is_final_quiz: boolean;
  is_rise: boolean;
  module_id: string;
  module_name: string;
  verb: UnitResultEntry['verb'];
  result: UnitResultEntry['result'];
  time: number;
}

/**
 * SPEC §7 global results of the learner in one of their groups, for their own e-mail only (null:
 * the server asking for itself): the units they have a result in (what the success rate
 * averages, SPEC §9), then the group's targets, the unit count for the completion and the stored
 * progress.
 */
export async function globalResultsOfMember(
  deps: Reads,
  userId: string,
  email: string | null,
  groupId: string,
): Promise<GlobalResults> {
  const [[targets], units] = await Promise.all([
    run<TargetsRow>(deps, 'dashboard-targets', TARGETS_SQL, [userId, groupId, email]),
    run<UnitRow>(deps, 'dashboard-units', UNITS_SQL, [userId, groupId]),
  ]);
  if (!targets || !targets.own_email) throw forbidden();
  const results: UnitResultEntry[] = units
    .filter((u) => u.result !== null || u.verb !== null)
    .map((u) => ({
      unit: {
        _id: u.id,
        name: u.name,
        isFinalQuiz: u.is_final_quiz,
        isRise: u.is_rise,
        module: { _id: u.module_id, name: u.module_name },
      },
      verb: u.verb,
      result: u.result,
      time: u.time,
    }));
  const progress =
    targets.day === null
      ? null
      : {
          completionRate: targets.completion_rate!,
          successRate: targets.success_rate!,
          date: targets.day,
          time: Math.floor(targets.seconds! / 60),
          sec: targets.seconds!,
        };
  return [
    results,
    {
      elearningTarget: targets.elearning_target,
      elearningDuration: targets.elearning_duration,
      elearningDurationTarget: targets.elearning_duration_target,
      totalUnits: units.length,
      progress,
    },
  ];
}
