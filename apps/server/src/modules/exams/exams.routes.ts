import { z } from 'zod';
import {
  examAnswersBody,
  examAttempt,
  examAttemptStatus,
  examInitBody,
  examInitParams,
  examLookupBody,
  examResult,
  examTestParams,
  examTimerBody,
  examUserParams,
  placementQuestion,
  poolParams,
  poolSummary,
  userIdParams,
} from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, inStatement, objectOf, self, staffOfGroupOf } from '../../plugins/access-policy.js';
import { groupsUsingPool, poolQuestionsOf, poolSummaryOf } from './pools.service.js';
import {
  attemptStatus,
  isOwnAttempt,
  learnersAttempt,
  learnersAttempts,
  saveExamAnswers,
  startOrResume,
  syncTimer,
} from './attempts.service.js';

const tags = ['exam'];

/** The attempt the route names is the caller's; another's answers 404, as an unknown id does. */
const ownAttempt = (source: string) =>
  objectOf('own exam attempt', source, (deps, id, claims) => isOwnAttempt(deps.db, id, claims.userId));

/** SPEC §7 "Quiz exam (type 1)", issue 12. */
export function registerExamRoutes(app: App, deps: Deps): void {
  app.post(
    '/examtype1/init/:activityId',
    {
      config: { access: allow(self('body.user')) },
      schema: { tags, params: examInitParams, body: examInitBody, response: { 200: examAttempt } },
    },
    (request) => startOrResume(deps, caller(request).userId, request.params.activityId, request.body.groupId),
  );

  app.put(
    '/examtype1/:testId',
    {
      // The save locks the attempt by id and owner in one statement.
      config: { access: allow(inStatement(ownAttempt('testId'))) },
      schema: { tags, params: examTestParams, body: examAnswersBody, response: { 200: examAttemptStatus } },
    },
    (request) =>
      saveExamAnswers(deps, caller(request).userId, request.params.testId, request.body.answers, {
        isFinished: request.body.isFinished === true,
        time: request.body.time,
      }),
  );

  app.put(
    '/examtype1/data/:testId',
    {
      // The hot sync: one UPDATE … WHERE id AND owner.
      config: { access: allow(inStatement(ownAttempt('testId'))) },
      schema: { tags, params: examTestParams, body: examTimerBody, response: { 200: examAttemptStatus } },
    },
    (request) => syncTimer(deps, caller(request).userId, request.params.testId, request.body.timer),
  );

  app.get(
    '/examtype1/user/:userId/:poolId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: examUserParams, response: { 200: examAttemptStatus } },
    },
    (request) => learnersAttempt(deps, request.params.userId, request.params.poolId),
  );

  app.get(
    '/examtype1/user/:userId',
    {
      config: { access: allow(self('userId')) },
      schema: { tags, params: userIdParams, response: { 200: z.array(examResult) } },
    },
    (request) => learnersAttempts(deps, request.params.userId),
  );

  app.get(
    '/examtype1/:testId',
    {
      config: { access: allow(ownAttempt('testId')) },
      schema: { tags, params: examTestParams, response: { 200: examAttemptStatus } },
    },
    (request) => attemptStatus(deps, request.params.testId),
  );

  app.post(
    '/examtype1/exam',
    {
      config: { access: allow(self('body.userId')) },
      schema: { tags, body: examLookupBody, response: { 200: examAttemptStatus } },
    },
    (request) => learnersAttempt(deps, request.body.userId, request.body.poolId),
  );

  app.get(
    '/qpool/:poolId',
    {
      // Name, duration and length of an exam: nothing a candidate should not know beforehand.
      config: { access: allow() },
      schema: { tags, params: poolParams, response: { 200: poolSummary } },
    },
    (request) => poolSummaryOf(deps, request.params.poolId),
  );

  app.get(
    '/qpool/questions/:poolId',
    {
      // The questions before the exam are its staff's to review — a teacher of a group whose exam
      // draws on the pool, its company's manager, an admin — never a candidate's nor another
      // school's (decision 0037). 403: any signed-in caller may learn that a pool exists
      // (GET /qpool/{poolId}), so there is no id to hide.
      config: { access: allow(staffOfGroupOf('exam pool', 'poolId', groupsUsingPool)) },
      schema: { tags, params: poolParams, response: { 200: z.array(placementQuestion) } },
    },
    (request) => poolQuestionsOf(deps, request.params.poolId),
  );
}
