import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { call } from './api.js';

/**
 * A cmi5 AU's side of a launch, over HTTP, for the server tests of the cmi5 rules: the LRS
 * request, the launch as the AU starts it (token fetched, LMS.LaunchData read), and a cmi5
 * defined statement built from LaunchData's context template.
 */
const CMI5 = 'https://w3id.org/xapi/cmi5/context/categories/cmi5';
const MOVEON = 'https://w3id.org/xapi/cmi5/context/categories/moveon';

export interface LaunchedAu {
  /** The mode the launch answer says was granted. */
  mode: string | undefined;
  actor: Record<string, any>;
  registration: string;
  activityId: string;
  auth: string;
  launchData: any;
}

/** A request to the LRS with the given credentials (xAPI 1.0.3). */
export function lrsRequest(
  app: FastifyInstance,
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  auth: string,
  body?: unknown,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method,
    url: `/api/xapi/${url}`,
    headers: {
      authorization: auth,
      'x-experience-api-version': '1.0.3',
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    payload: body === undefined ? undefined : JSON.stringify(body),
  });
}

/** POST /api/xapi/launch/{unitId}, then what the AU does first: its token, then LMS.LaunchData. */
export async function launchAu(
  app: FastifyInstance,
  token: string,
  unitId: string,
  body: Record<string, unknown>,
): Promise<LaunchedAu> {
  const res = await call(app, 'POST', `/api/xapi/launch/${unitId}`, { token, body });
  expect(res.status, res.body).toBe(200);
  const q = new URL(res.json.url, 'http://localhost').searchParams;
  const fetched = await app.inject({ method: 'POST', url: new URL(q.get('fetch')!).pathname });
  const au: LaunchedAu = {
    mode: res.json.mode,
    actor: JSON.parse(q.get('actor')!),
    registration: q.get('registration')!,
    activityId: q.get('activityId')!,
    auth: `Basic ${fetched.json()['auth-token']}`,
    launchData: null,
  };
  const state = new URLSearchParams({
    stateId: 'LMS.LaunchData',
    activityId: au.activityId,
    agent: JSON.stringify(au.actor),
    registration: au.registration,
  });
  au.launchData = (await lrsRequest(app, 'GET', `activities/state?${state}`, au.auth)).json();
  return au;
}

/** A cmi5 defined statement of the AU (moveOn category when it judges success or completion). */
export function cmi5Statement(au: LaunchedAu, verb: string, result?: Record<string, unknown>) {
  const template = structuredClone(au.launchData.contextTemplate);
  const judged = result && ('success' in result || 'completion' in result);
  return {
    id: randomUUID(),
    actor: structuredClone(au.actor),
    verb: { id: `http://adlnet.gov/expapi/verbs/${verb}` },
    object: { objectType: 'Activity', id: au.activityId },
    ...(result ? { result } : {}),
    context: {
      ...template,
      registration: au.registration,
      contextActivities: {
        ...template.contextActivities,
        category: [{ id: CMI5 }, ...(judged ? [{ id: MOVEON }] : [])],
      },
    },
    timestamp: new Date().toISOString(),
  };
}
