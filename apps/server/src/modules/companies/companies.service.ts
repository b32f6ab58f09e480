import { asc, eq } from 'drizzle-orm';
import type { Company, CompanyData } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { companies, companySemesters, groups } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';

/** SPEC §3 Company of a learner, with the semester of each of the company's groups. */
export async function getCompany(db: Db, companyId: string): Promise<Company> {
  const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
  if (!company) throw notFound();
  const idGroups = await db
    .select({ _id: groups.id, semester: groups.semester })
    .from(groups)
    .where(eq(groups.companyId, companyId));
  return {
    _id: company.id,
    name: company.name,
    type: company.type,
    isCompany: company.isCompany,
    activatedEvaluo: company.activatedEvaluo,
    loginBlocked: company.loginBlocked,
    idGroups,
  };
}

/** SPEC §3 Company data: the semester calendar. */
export async function getCompanyData(db: Db, companyId: string): Promise<CompanyData> {
  const semesters = await db
    .select({
      semester: companySemesters.semester,
      beginDate: companySemesters.beginDate,
      endDate: companySemesters.endDate,
      catchUpDate: companySemesters.catchUpDate,
    })
    .from(companySemesters)
    .where(eq(companySemesters.companyId, companyId))
    .orderBy(asc(companySemesters.semester));
  return { _id: companyId, company: companyId, semesters };
}
