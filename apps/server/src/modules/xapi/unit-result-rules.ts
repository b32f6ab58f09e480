import type { UnitResultRow } from '../../db/schema.js';

/** The unit verbs of SPEC §3 (plus `attempted`: opened, nothing reported yet). */
export type UnitVerb = 'completed' | 'passed' | 'failed' | 'attempted';

const ADL = 'http://adlnet.gov/expapi/verbs/';

/** completed / passed / failed, by their ADL verb ids; any other verb is null. */
export function verbOf(verbId: string): Exclude<UnitVerb, 'attempted'> | null {
  if (!verbId.startsWith(ADL)) return null;
  const name = verbId.slice(ADL.length);
  return name === 'completed' || name === 'passed' || name === 'failed' ? name : null;
}

/**
 * A statement's result as the unit keeps it (SPEC §3 result: completion, success, score raw /
 * max / scaled). What the verb implies fills what the package left out: passed is a success,
 * failed is not, completed and passed mean completion; scaled comes from raw / max when missing.
 */
export function resultFromStatement(
  result: Record<string, unknown> | undefined,
  verb: Exclude<UnitVerb, 'attempted'>,
): UnitResultRow {
  const score = result?.score as { scaled?: number; raw?: number; min?: number; max?: number } | undefined;
  let scaled = score?.scaled ?? null;
  if (scaled === null && typeof score?.raw === 'number' && typeof score.max === 'number' && score.max > 0) {
    const min = score.min ?? 0;
    scaled = Math.round(((score.raw - min) / (score.max - min)) * 10_000) / 10_000;
  }
  return {
    success:
      typeof result?.success === 'boolean'
        ? result.success
        : verb === 'passed'
          ? true
          : verb === 'failed'
            ? false
            : null,
    completion: typeof result?.completion === 'boolean' ? result.completion : verb !== 'failed' ? true : null,
    score: score ? { scaled, raw: score.raw ?? null, max: score.max ?? null } : null,
  };
}
