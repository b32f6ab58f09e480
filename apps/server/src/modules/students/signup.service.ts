import { eq } from 'drizzle-orm';
import {
  currentLanguage,
  ErrorCode,
  isSchoolSignOnEmail,
  messages,
  needsToMap,
  type AuthData,
  type SignupBody,
} from '@medenglish/shared';
import { users } from '../../db/schema.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { today } from '../../lib/clock.js';
import type { Deps } from '../../deps.js';
import { schoolSignOnDomains } from '../../integrations/sso/sso-providers.js';
import { hashPassword, issueAuthData, passwordProblem } from '../auth/index.js';
import { findAccessCode } from '../companies/index.js';
import { associateByLevel } from '../groups/index.js';
import { sendConfirmationMail } from './email-confirmation.service.js';

/**
 * Issue 32: an address of a domain that signs in through a school is never registered with a
 * password — the school's sign-on creates that account, with the address proven. Named after the
 * button the learner must use; no account, no session.
 */
export function assertNotSchoolAddress(deps: Deps, email: string): void {
  if (isSchoolSignOnEmail(email, schoolSignOnDomains(deps.config))) {
    const message = messages.signup.schoolAddress(messages.login.ssoButton);
    throw new AppError(ErrorCode.VALIDATION, message, { email: message });
  }
}

const emailTaken = () =>
  new AppError(ErrorCode.EMAIL_TAKEN, messages.signup.emailTaken, { email: messages.signup.emailTaken });

/**
 * SPEC §4 Account creation / §5 rules, checked again on the server: the code must be valid; with
 * the needs analysis, phone, job title and at least one need are required; otherwise a semester
 * the code offers is. Companies listed in PLACEMENT_EXEMPT_COMPANIES skip the placement test.
 */
export async function signUp(deps: Deps, body: SignupBody): Promise<AuthData> {
  assertNotSchoolAddress(deps, body.email);
  const code = await findAccessCode(deps.db, body.code, today(deps.clock, deps.config.TZ_DISPLAY));
  const fields: Record<string, string> = {};
  if (code.needs) {
    if (!body.phone) fields.phone = messages.common.required;
    if (!body.jobTitle) fields.jobTitle = messages.common.required;
    if (!body.needs?.length) fields.needs = messages.common.required;
  } else if (body.semester === undefined) {
    fields.semester = messages.common.required;
  } else if (!code.semesters.includes(body.semester)) {
    fields.semester = messages.signup.noSemester;
  }
  // Issue 20: not one of the passwords attackers try first.
  const weak = await passwordProblem(body.password);
  if (weak) fields.password = weak;
  if (Object.keys(fields).length > 0) {
    throw new AppError(ErrorCode.VALIDATION, messages.signup.failure, fields);
  }

  const [existing] = await deps.db.select({ id: users.id }).from(users).where(eq(users.email, body.email));
  if (existing) throw emailTaken();

  const exempt = deps.config.placementExemptCompanies.includes(code.company);
  const passwordHash = await hashPassword(body.password);
  let created;
  try {
    [created] = await deps.db
      .insert(users)
      .values({
        email: body.email,
        passwordHash,
        firstname: body.firstname,
        name: body.name,
        companyId: code.company,
        codeId: code._id,
        semester: code.needs ? (body.semester ?? null) : body.semester,
        phone: body.phone ?? null,
        jobTitle: body.jobTitle ?? null,
        needs: needsToMap(body.needs ?? []),
        placementtest: code.placementtest && !exempt,
        language: body.language ?? currentLanguage(),
      })
      .returning();
  } catch (error) {
    // Two sign-ups racing for one address: the unique index decides, the loser gets a clear 409.
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }
  const user = created!;
  // SPEC §6: exempt companies skip the placement test and get level 1.
  if (exempt) {
    await associateByLevel(deps.db, {
      companyId: user.companyId,
      userId: user.id,
      semester: user.semester,
      level: 1,
    });
  }
  // The account exists even if the mail cannot leave now: "send new mail" can resend it.
  await sendConfirmationMail(deps, user).catch(() => undefined);
  return issueAuthData(deps, user, null);
}
