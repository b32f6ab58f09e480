import type { Group } from '@medenglish/shared';
import type { groups } from '../../db/schema.js';

export function presentGroup(row: typeof groups.$inferSelect): Group {
  return {
    _id: row.id,
    name: row.name,
    semester: row.semester,
    company: row.companyId,
    level: row.level,
    elearning: {
      elearningDuration: row.elearningDuration,
      elearningDurationTarget: row.elearningDurationTarget,
      elearningOptions: row.elearningOptions,
      elearningResources: row.elearningResources,
    },
  };
}
