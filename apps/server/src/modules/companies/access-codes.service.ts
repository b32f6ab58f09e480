import { asc, eq } from 'drizzle-orm';
import {
  COMPANY_TYPE_WITH_CODE,
  ErrorCode,
  messages,
  selectableSemesters,
  type AccessCode,
} from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { accessCodes, companies, companySemesters, groups } from '../../db/schema.js';
import { AppError } from '../../lib/app-error.js';

/** Codes are typed by people: compared without case or surrounding spaces. */
export function normalizeCode(code: string): string {
  return code.trim().toUpperCase();
}

/**
 * SPEC §5 "Access code": it must exist and belong to a company of type 2. The answer also says
 * which semesters the sign-up form may offer (in date range and with groups).
 */
export async function findAccessCode(db: Executor, code: string, today: string): Promise<AccessCode> {
  const [row] = await db
    .select({ code: accessCodes, company: companies })
    .from(accessCodes)
    .innerJoin(companies, eq(companies.id, accessCodes.companyId))
    .where(eq(accessCodes.code, normalizeCode(code)));
  if (!row || row.company.type !== COMPANY_TYPE_WITH_CODE) {
    throw new AppError(ErrorCode.INVALID_CODE, messages.signup.invalidCode);
  }
  return {
    _id: row.code.id,
    company: row.company.id,
    needs: row.code.needs,
    placementtest: row.code.placementtest,
    companyName: row.company.name,
    isCompany: row.company.isCompany,
    semesters: await semestersOffered(db, row.company.id, today),
  };
}

/** SPEC §5 "Semester choice": the company's semesters in date range that have groups. */
export async function semestersOffered(db: Executor, companyId: string, today: string): Promise<number[]> {
  const [calendar, groupRows] = await Promise.all([
    db
      .select()
      .from(companySemesters)
      .where(eq(companySemesters.companyId, companyId))
      .orderBy(asc(companySemesters.semester)),
    db.select({ semester: groups.semester }).from(groups).where(eq(groups.companyId, companyId)),
  ]);
  const groupSemesters = groupRows.flatMap((g) => (g.semester === null ? [] : [g.semester]));
  return selectableSemesters(calendar, groupSemesters, today);
}
