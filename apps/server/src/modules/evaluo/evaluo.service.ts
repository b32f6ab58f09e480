import { eq } from 'drizzle-orm';
import { ErrorCode, messages, type EvaluoExam } from '@medenglish/shared';
import { companies, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { EvaluoUnavailable } from '../../integrations/evaluo/evaluo-client.js';
import type { ProviderLearner } from '../../integrations/evaluo/provider-protocol.js';
import { learnersExams, studentsExams } from './learners-exams.js';

interface LearnerRow {
  email: string;
  isVerified: boolean;
  evaluoId: string | null;
  semester: number | null;
  companyId: string;
  activated: boolean;
}

async function learnerOf(deps: Deps, userId: string): Promise<LearnerRow> {
  const [row] = await deps.db
    .select({
      email: users.email,
      isVerified: users.isVerified,
      evaluoId: users.evaluoId,
      semester: users.semester,
      companyId: users.companyId,
      activated: companies.activatedEvaluo,
    })
    .from(users)
    .innerJoin(companies, eq(companies.id, users.companyId))
    .where(eq(users.id, userId));
  if (!row) throw notFound();
  // SPEC §6: Evaluo needs the company's activatedEvaluo.
  if (!row.activated) throw new AppError(ErrorCode.FORBIDDEN, messages.evaluo.notActivated);
  return row;
}

/**
 * Who the learner is at the provider (issue 32): the student id staff set, or else their address
 * once they have confirmed it; until then the page asks them to confirm it (nobody gets a
 * participant's exams by registering their address).
 */
function providerIdentity(learner: LearnerRow): ProviderLearner {
  if (learner.evaluoId) return { studentId: learner.evaluoId };
  if (!learner.isVerified) throw new AppError(ErrorCode.EMAIL_UNCONFIRMED, messages.evaluo.confirmAddress);
  return { email: learner.email };
}

/** The provider's failures, whatever they are, as one clear answer: the page says so and still works. */
async function fromProvider<T>(deps: Deps, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof EvaluoUnavailable)) throw error;
    if (deps.config.LOG_LEVEL !== 'silent') console.warn(error.message);
    throw new AppError(ErrorCode.PROVIDER_UNAVAILABLE, messages.evaluo.unavailable);
  }
}

/** GET /evaluo/get-exams/{companyId}/{semester}: the caller's exams among their school's. */
export async function examsOfCompany(
  deps: Deps,
  userId: string,
  companyId: string,
  semester: number,
): Promise<EvaluoExam[]> {
  const learner = await learnerOf(deps, userId);
  const who = providerIdentity(learner);
  const exams = await fromProvider(deps, () => deps.evaluo.schoolExams(companyId, semester));
  return learnersExams(exams, who, deps.evaluo.publicBase());
}

/** GET /evaluo/get-exams/student/{companyId}/{semester}/{evaluoId}: only the caller's own student id. */
export async function examsOfStudent(
  deps: Deps,
  userId: string,
  companyId: string,
  semester: number,
  evaluoId: string,
): Promise<EvaluoExam[]> {
  const learner = await learnerOf(deps, userId);
  if (learner.evaluoId === null || learner.evaluoId !== evaluoId) {
    throw new AppError(ErrorCode.FORBIDDEN, messages.evaluo.notYours);
  }
  const exams = await fromProvider(deps, () => deps.evaluo.studentExams(companyId, semester, evaluoId));
  return studentsExams(exams, deps.evaluo.publicBase());
}

/**
 * POST /evaluo/token/user-token: a signed-in address of one of the learner's own links, and only of
 * those (the list is read again from the provider), so the call cannot sign anything else.
 */
export async function userToken(deps: Deps, userId: string, url: string): Promise<{ url: string }> {
  const learner = await learnerOf(deps, userId);
  if (learner.semester === null) throw new AppError(ErrorCode.FORBIDDEN, messages.evaluo.notYours);
  const semester = learner.semester;
  const who = providerIdentity(learner);
  const exams = await fromProvider(deps, async () =>
    'studentId' in who
      ? studentsExams(
          await deps.evaluo.studentExams(learner.companyId, semester, who.studentId),
          deps.evaluo.publicBase(),
        )
      : learnersExams(
          await deps.evaluo.schoolExams(learner.companyId, semester),
          who,
          deps.evaluo.publicBase(),
        ),
  );
  if (!exams.some((exam) => exam.link === url)) {
    throw new AppError(ErrorCode.FORBIDDEN, messages.evaluo.notYours);
  }
  // The link is signed for the same identity the list was matched on.
  return { url: await fromProvider(deps, () => deps.evaluo.userToken(who, url)) };
}
