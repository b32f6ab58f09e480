import { eq } from 'drizzle-orm';
import { ErrorCode, messages, type EvaluoExam } from '@medenglish/shared';
import { companies, users } from '../../db/schema.js';
import type { Deps } from '../../deps.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { EvaluoUnavailable } from '../../integrations/evaluo/evaluo-client.js';
import { learnersExams, studentsExams } from './learners-exams.js';

interface LearnerRow {
  email: string;
  evaluoId: string | null;
  semester: number | null;
  companyId: string;
  activated: boolean;
}

async function learnerOf(deps: Deps, userId: string): Promise<LearnerRow> {
  const [row] = await deps.db
    .select({
      email: users.email,
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
  const exams = await fromProvider(deps, () => deps.evaluo.schoolExams(companyId, semester));
  return learnersExams(exams, learner.email, deps.evaluo.publicBase());
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
  const exams = await fromProvider(deps, async () =>
    learner.evaluoId
      ? studentsExams(
          await deps.evaluo.studentExams(learner.companyId, semester, learner.evaluoId),
          deps.evaluo.publicBase(),
        )
      : learnersExams(
          await deps.evaluo.schoolExams(learner.companyId, semester),
          learner.email,
          deps.evaluo.publicBase(),
        ),
  );
  if (!exams.some((exam) => exam.link === url)) {
    throw new AppError(ErrorCode.FORBIDDEN, messages.evaluo.notYours);
  }
  return { url: await fromProvider(deps, () => deps.evaluo.userToken(learner.email, url)) };
}
