import { z } from 'zod';
import {
  providerExam,
  providerStudentExam,
  providerTokenAnswer,
  type ProviderExam,
  type ProviderLearner,
  type ProviderStudentExam,
} from './provider-protocol.js';

/** Why the provider could not be used: the route turns any of these into one clear message (502). */
export class EvaluoUnavailable extends Error {
  constructor(
    readonly reason: 'timeout' | 'network' | 'status' | 'malformed' | 'not-configured',
    readonly status?: number,
  ) {
    super(`Evaluo unavailable: ${reason}${status ? ` (${status})` : ''}`);
  }
}

export interface EvaluoClient {
  /** Where browsers open the provider's pages (links are built on it). */
  publicBase(): string;
  schoolExams(schoolId: string, semester: number): Promise<ProviderExam[]>;
  studentExams(schoolId: string, semester: number, studentId: string): Promise<ProviderStudentExam[]>;
  /** A signed-in address of one of the provider's links, for that learner. */
  userToken(learner: ProviderLearner, url: string): Promise<string>;
}

export interface EvaluoClientOptions {
  /** The provider's API base (EVALUO_URL + /api), read at each call: the built-in simulator's port is known only once listening. */
  apiBase: () => string;
  publicBase: () => string;
  key: string;
  timeoutMs: number;
  fetch?: typeof globalThis.fetch;
}

/** The adapter of the external exam provider (issue 13): a real HTTP client, every answer checked. */
export function createEvaluoClient(options: EvaluoClientOptions): EvaluoClient {
  const doFetch = options.fetch ?? globalThis.fetch;

  async function request<T extends z.ZodType>(
    schema: T,
    path: string,
    init: { method?: 'GET' | 'POST'; body?: unknown } = {},
  ): Promise<z.infer<T>> {
    let response: Response;
    try {
      response = await doFetch(`${options.apiBase()}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/json',
          'x-api-key': options.key,
          ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
    } catch (error) {
      const name = (error as { name?: string }).name;
      throw new EvaluoUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'network');
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new EvaluoUnavailable('status', response.status);
    }
    let body: unknown;
    try {
      body = await response.json();
    } catch (error) {
      const name = (error as { name?: string }).name;
      // The body can also be cut by the time-out.
      throw new EvaluoUnavailable(name === 'TimeoutError' || name === 'AbortError' ? 'timeout' : 'malformed');
    }
    const parsed = schema.safeParse(body);
    if (!parsed.success) throw new EvaluoUnavailable('malformed');
    return parsed.data;
  }

  const enc = encodeURIComponent;
  return {
    publicBase: options.publicBase,
    schoolExams: (schoolId, semester) =>
      request(z.array(providerExam), `/v1/schools/${enc(schoolId)}/exams?semester=${semester}`),
    studentExams: (schoolId, semester, studentId) =>
      request(
        z.array(providerStudentExam),
        `/v1/schools/${enc(schoolId)}/students/${enc(studentId)}/exams?semester=${semester}`,
      ),
    userToken: async (learner, url) =>
      (
        await request(providerTokenAnswer, '/v1/token/user-token', {
          method: 'POST',
          body: { ...learner, url },
        })
      ).url,
  };
}
