import { DEFAULT_LANGUAGE, isLanguage, isRole, type User } from '@medenglish/shared';
import type { users } from '../../db/schema.js';

type UserRow = typeof users.$inferSelect;

/** The SPEC §3 User shape of a row; the password hash never leaves the server. */
export function presentUser(row: UserRow): User {
  return {
    _id: row.id,
    email: row.email,
    firstname: row.firstname,
    name: row.name,
    type: row.type,
    jobTitle: row.jobTitle,
    phone: row.phone,
    needs: row.needs,
    semester: row.semester,
    catchUp: row.catchUp,
    company: row.companyId,
    code: row.codeId,
    placementtest: row.placementtest,
    additionalTime: row.additionalTime,
    additionalTimeOnce: row.additionalTimeOnce,
    testFinish: row.testFinish,
    isVerified: row.isVerified,
    evaluoId: row.evaluoId,
    language: isLanguage(row.language) ? row.language : DEFAULT_LANGUAGE,
    role: isRole(row.role) ? row.role : 'learner',
  };
}
