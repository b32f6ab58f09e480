import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_IDS, DEMO_POOLS } from '../demo/demo-ids.js';
import { examAttempts, poolQuestions, users } from '../db/schema.js';
import { loadModel } from '../modules/placement/question-bank.js';
import { firstPlacementAnswer } from '../test/placement-key.js';
import { call } from '../test/api.js';
import {
  FACTORY_PASSWORD,
  groupIdByName,
  makeExamAttempt,
  makePlacementTest,
  makeUser,
} from '../test/factories.js';
import { createTestContext, type TestContext } from '../test/test-app.js';

/**
 * Issue 32 (ASVS V5.1.3): every number a route takes — in its body, its path or its query — is
 * bounded, an integer where it is one, and finite. The OpenAPI description is walked for the
 * number fields; each is sent, one at a time, values no field accepts (far past any column, past
 * PostgreSQL's integer, near ±Number.MAX_VALUE, infinite, fractional for an integer, not a number)
 * inside a request that otherwise succeeds, by a caller allowed to make it. Each must be refused
 * with a 4xx: never stored (2xx), never a 500 (e.g. PostgreSQL's "integer out of range").
 */

/** How a route with a number field is called successfully: the values below replace one field at a time. */
interface Line {
  caller: 'learner' | 'admin' | null;
  /** The address, numeric path parameters left as `{name}`. */
  path: () => string;
  /** Baseline values of the numeric path and query parameters (strings, as sent). */
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: () => Record<string, unknown>;
  /**
   * Why the baseline is refused when it cannot succeed here (a single sign-on code needs the
   * identity provider's round trip): the schema still answers before the route does.
   */
  refusedBaseline?: string;
}

interface NumberField {
  where: 'body' | 'path' | 'query';
  /** The property path in the body ('*' for an array's items), or the parameter's name. */
  at: string[];
  integer: boolean;
  /** The field also takes a string (a union): non-numeric text is then a valid value. */
  orString: boolean;
}

type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  additionalProperties?: JsonSchema | boolean;
};
type Operation = {
  parameters?: { in: string; name: string; schema: JsonSchema }[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
};

const typesOf = (s: JsonSchema): string[] => (Array.isArray(s.type) ? s.type : s.type ? [s.type] : []);

/** The number fields of a JSON schema, with their property paths. */
function numberFields(schema: JsonSchema, at: string[], out: Map<string, Set<string>>): void {
  const types = typesOf(schema);
  if (types.length > 0) {
    const key = JSON.stringify(at);
    const seen = out.get(key) ?? new Set<string>();
    for (const t of types) seen.add(t);
    out.set(key, seen);
  }
  for (const [name, sub] of Object.entries(schema.properties ?? {})) numberFields(sub, [...at, name], out);
  if (schema.items) numberFields(schema.items, [...at, '*'], out);
  for (const alternatives of [schema.anyOf, schema.oneOf, schema.allOf])
    for (const sub of alternatives ?? []) numberFields(sub, at, out);
  if (typeof schema.additionalProperties === 'object')
    numberFields(schema.additionalProperties, [...at, '+'], out);
}

function fieldsOf(where: NumberField['where'], schema: JsonSchema, at: string[]): NumberField[] {
  const all = new Map<string, Set<string>>();
  numberFields(schema, at, all);
  return [...all]
    .filter(([, types]) => types.has('number') || types.has('integer'))
    .map(([key, types]) => ({
      where,
      at: JSON.parse(key) as string[],
      integer: types.has('integer') && !types.has('number'),
      orString: types.has('string'),
    }));
}

/** Infinity has no JSON spelling but 1e999, which JSON.parse reads as Infinity. */
const INFINITE = '__infinite__';
const json = (body: unknown) =>
  JSON.stringify(body, (_key, value: unknown) =>
    value === Infinity ? INFINITE : value === -Infinity ? `-${INFINITE}` : value,
  )
    .replaceAll(`"-${INFINITE}"`, '-1e999')
    .replaceAll(`"${INFINITE}"`, '1e999');

/** The body with the value at the path ('*': the first item), made where the baseline has none. */
function withValue(body: Record<string, unknown>, at: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(body);
  let node: Record<string | number, unknown> = copy;
  at.forEach((key, i) => {
    const k: string | number = key === '*' ? 0 : key;
    if (i === at.length - 1) {
      node[k] = value;
      return;
    }
    if (node[k] === undefined || node[k] === null) node[k] = at[i + 1] === '*' ? [] : {};
    node = node[k] as Record<string | number, unknown>;
  });
  return copy;
}

/** What no field of the API accepts, as a JSON value and as a path or query string. */
const OUT_OF_RANGE: { label: string; value: unknown; text: string; kind: 'number' | 'fraction' | 'text' }[] =
  [
    { label: '1e12', value: 1e12, text: '1e12', kind: 'number' },
    { label: '2^31 (past PostgreSQL integer)', value: 2 ** 31, text: String(2 ** 31), kind: 'number' },
    { label: '-1', value: -1, text: '-1', kind: 'number' },
    { label: '1.5e308', value: 1.5e308, text: '1.5e308', kind: 'number' },
    { label: '-1.5e308', value: -1.5e308, text: '-1.5e308', kind: 'number' },
    { label: 'Infinity', value: Infinity, text: 'Infinity', kind: 'number' },
    { label: '-Infinity', value: -Infinity, text: '-Infinity', kind: 'number' },
    { label: '0.5 (an integer field)', value: 0.5, text: '0.5', kind: 'fraction' },
    { label: '"12abc"', value: '12abc', text: '12abc', kind: 'text' },
    { label: '"NaN"', value: 'NaN', text: 'NaN', kind: 'text' },
  ];

describe('every number a route takes is bounded (issue 32)', () => {
  let ctx: TestContext;
  let doc: { paths: Record<string, Record<string, Operation>> };
  const tokens: Record<'learner' | 'admin', string> = { learner: '', admin: '' };
  let learner: { id: string; email: string };
  let s3a: string;
  let attempt: string;
  let examAnswer: { position: number; question: string; answerIndex: number[] };
  let placementTest: string;
  let placementAnswer: { question: string; answerIndex: number[] };

  const LRS_AUTH = 'reports:a-secret-of-sixteen-chars';

  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: LRS_AUTH } });
    doc = ctx.app.swagger() as typeof doc;
    const db = ctx.database.db;
    s3a = await groupIdByName(db, 'S3 – Groupe A');
    const made = await makeUser(db, { companyId: DEMO_IDS.universite, memberOf: [s3a] });
    learner = made;
    await db
      .update(users)
      .set({ evaluoId: `EV-${made.id.slice(0, 8)}` })
      .where(eq(users.id, made.id));
    // Placed at level 1 (a group of their semester is theirs to join), with a test in progress.
    await makePlacementTest(db, made.id, 3);
    placementTest = await makePlacementTest(db, made.id);
    const model = (await loadModel(db, 'placement-v1'))!;
    placementAnswer = firstPlacementAnswer(model, placementTest);
    // An exam attempt in progress, options in pool order: the first question's key is its answer.
    attempt = await makeExamAttempt(db, { userId: made.id, groupId: s3a, poolId: DEMO_POOLS.finished });
    const [row] = await db.select().from(examAttempts).where(eq(examAttempts.id, attempt));
    const firstQuestion = row!.layout[0]!.question;
    const [question] = await db.select().from(poolQuestions).where(eq(poolQuestions.id, firstQuestion));
    examAnswer = { position: 0, question: firstQuestion, answerIndex: question!.correct };
    const admin = await makeUser(db, { companyId: DEMO_IDS.platform, role: 'admin' });
    for (const [role, user] of [
      ['learner', made],
      ['admin', admin],
    ] as const) {
      const res = await call(ctx.app, 'POST', '/api/student/login', {
        body: { email: user.email, password: FACTORY_PASSWORD },
      });
      expect(res.status).toBe(200);
      tokens[role] = res.json.token;
    }
  });
  afterAll(() => ctx?.close());

  const univ = DEMO_IDS.universite;
  const LINES: Record<string, Line> = {
    'POST /api/student': {
      caller: null,
      path: () => '/api/student',
      body: () => ({
        email: `bounds-${randomUUID().slice(0, 8)}@demo-univ.fr`,
        password: 'Poumon2026x',
        firstname: 'Inès',
        name: 'Vidal',
        code: 'demo-med-2026',
        semester: 3,
        consent: true,
        typeSite: 1,
      }),
    },
    'POST /api/sso/signup': {
      caller: null,
      path: () => '/api/sso/signup',
      body: () => ({ code: 'x'.repeat(43), semester: 3, firstname: 'Inès', name: 'Vidal', consent: true }),
      refusedBaseline: 'a sign-on code comes from the identity provider',
    },
    'POST /api/group/associate/{companyId}': {
      caller: 'learner',
      path: () => `/api/group/associate/${univ}`,
      body: () => ({ user: learner.id, semester: 3, level: 1 }),
    },
    'POST /api/test/init/{testModelId}': {
      caller: 'learner',
      path: () => '/api/test/init/placement-v1',
      body: () => ({ user: learner.id, type: 1 }),
    },
    'PUT /api/test/{testId}': {
      caller: 'learner',
      path: () => `/api/test/${placementTest}`,
      body: () => ({ answers: [placementAnswer] }),
    },
    'PUT /api/unittrackers/timer/{id}': {
      caller: 'learner',
      path: () => `/api/unittrackers/timer/${learner.id}`,
      body: () => ({ time: 30, group: s3a }),
    },
    'POST /api/progresstrackers/{userId}': {
      caller: 'learner',
      path: () => `/api/progresstrackers/${learner.id}`,
      body: () => ({
        groupId: s3a,
        progress: { completionRate: 50, successRate: 50, date: '2026-01-01', time: 1, sec: 60 },
      }),
    },
    'GET /api/survey/single/{userId}/{audience}/{semester}/{companyId}': {
      caller: 'learner',
      path: () => `/api/survey/single/${learner.id}/Students/{semester}/${univ}`,
      params: { semester: '3' },
    },
    'GET /api/admin/outbox': { caller: 'admin', path: () => '/api/admin/outbox', query: { limit: '10' } },
    'POST /api/examtype1/init/{activityId}': {
      caller: 'learner',
      path: () => `/api/examtype1/init/${DEMO_POOLS.open}`,
      body: () => ({ user: learner.id, groupId: s3a, type: 1, timer: 5400 }),
    },
    'PUT /api/examtype1/{testId}': {
      caller: 'learner',
      path: () => `/api/examtype1/${attempt}`,
      body: () => ({ answers: [examAnswer], time: 600 }),
    },
    'PUT /api/examtype1/data/{testId}': {
      caller: 'learner',
      path: () => `/api/examtype1/data/${attempt}`,
      body: () => ({ timer: 600 }),
    },
    'GET /api/evaluo/get-exams/{companyId}/{semester}': {
      caller: 'learner',
      path: () => `/api/evaluo/get-exams/${univ}/{semester}`,
      params: { semester: '3' },
    },
    'GET /api/evaluo/get-exams/student/{companyId}/{semester}/{evaluoId}': {
      caller: 'learner',
      path: () => `/api/evaluo/get-exams/student/${univ}/{semester}/EV-${learner.id.slice(0, 8)}`,
      params: { semester: '3' },
    },
    'POST /api/zoom/meeting': {
      caller: 'admin',
      path: () => '/api/zoom/meeting',
      body: () => ({ topic: 'Bounds', start: '2027-01-10T17:00:00.000Z', duration: 60, places: 10 }),
    },
  };

  /** Every operation of the OpenAPI description that takes a number, with its number fields. */
  function numericRoutes(): Map<string, NumberField[]> {
    const out = new Map<string, NumberField[]>();
    for (const [path, operations] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(operations)) {
        const fields: NumberField[] = [];
        for (const p of op.parameters ?? []) {
          if (p.in === 'path' || p.in === 'query') fields.push(...fieldsOf(p.in, p.schema, [p.name]));
        }
        for (const content of Object.values(op.requestBody?.content ?? {}))
          fields.push(...fieldsOf('body', content.schema, []));
        if (fields.length > 0) out.set(`${method.toUpperCase()} ${path}`, fields);
      }
    }
    return out;
  }

  async function send(
    route: string,
    change?: { field: NumberField; value: unknown; text: string },
  ): Promise<{ status: number; body: string }> {
    const line = LINES[route]!;
    const params = { ...line.params };
    const query = { ...line.query };
    let body = line.body?.();
    if (change?.field.where === 'path') params[change.field.at[0]!] = change.text;
    if (change?.field.where === 'query') query[change.field.at[0]!] = change.text;
    if (change?.field.where === 'body') body = withValue(body ?? {}, change.field.at, change.value);
    let url = line.path().replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(params[name]!));
    const search = new URLSearchParams(query).toString();
    if (search) url += `?${search}`;
    const token = line.caller ? tokens[line.caller] : undefined;
    const res = await ctx.app.inject({
      method: route.split(' ')[0] as 'GET' | 'POST' | 'PUT',
      url,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(token ? { authorization: `Token ${token}` } : {}),
      },
      ...(body === undefined ? {} : { payload: json(body) }),
    });
    return { status: res.statusCode, body: res.body };
  }

  it('knows how to call every route of the OpenAPI description that takes a number', () => {
    const routes = numericRoutes();
    // The walk finds the fields of issue 32's report (the exam timer) and the query's coerced ones.
    expect(routes.get('PUT /api/examtype1/data/{testId}')?.map((f) => f.at.join('.'))).toEqual(['timer']);
    expect(routes.get('GET /api/admin/outbox')?.map((f) => `${f.where}:${f.at.join('.')}`)).toEqual([
      'query:limit',
    ]);
    // A route that takes a new number needs a line above (how to call it successfully).
    expect([...routes.keys()].sort()).toEqual(Object.keys(LINES).sort());
  });

  it('refuses out-of-range, infinite, fractional and non-numeric values of every number field with a 4xx, never a 2xx or a 5xx', async () => {
    const wrong: string[] = [];
    for (const [route, fields] of numericRoutes()) {
      const line = LINES[route];
      if (!line) continue; // reported by the test above
      // The baseline succeeds: each value below is refused for itself, not for the rest of the call.
      const baseline = await send(route);
      if (line.refusedBaseline) {
        expect(baseline.status, `${route} baseline: ${baseline.body}`).toBeGreaterThanOrEqual(400);
        expect(baseline.status, `${route} baseline: ${baseline.body}`).toBeLessThan(500);
      } else {
        expect(baseline.status, `${route} baseline: ${baseline.body}`).toBeGreaterThanOrEqual(200);
        expect(baseline.status, `${route} baseline: ${baseline.body}`).toBeLessThan(300);
      }
      for (const field of fields) {
        for (const probe of OUT_OF_RANGE) {
          if (probe.kind === 'fraction' && !field.integer) continue;
          if (probe.kind === 'text' && field.orString) continue;
          const res = await send(route, { field, value: probe.value, text: probe.text });
          if (res.status < 400 || res.status >= 500) {
            wrong.push(`${route} ${field.where}:${field.at.join('.')}=${probe.label} → ${res.status}`);
          }
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('answers the learning record store’s limit parameter with a 4xx or a bounded page, never a 5xx', async () => {
    const authorization = `Basic ${Buffer.from(LRS_AUTH).toString('base64')}`;
    const statuses: Record<string, number> = {};
    for (const limit of ['10', '0', ...OUT_OF_RANGE.map((p) => p.text), '', '0x10', ' 5']) {
      const res = await ctx.app.inject({
        method: 'GET',
        url: `/api/xapi/statements?limit=${encodeURIComponent(limit)}`,
        headers: { authorization, 'x-experience-api-version': '1.0.3' },
      });
      statuses[limit] = res.statusCode;
    }
    expect(statuses).toEqual({
      '10': 200,
      '0': 200, // the store's own page size (xAPI: 0 is "the server's maximum")
      // A whole number past the page size is cut to it (xAPI's limit is a maximum, not an order).
      [String(2 ** 31)]: 200,
      // Anything but decimal digits is refused, whatever Number() would make of it.
      '1e12': 400,
      '-1': 400,
      '1.5e308': 400,
      '-1.5e308': 400,
      Infinity: 400,
      '-Infinity': 400,
      '0.5': 400,
      '12abc': 400,
      NaN: 400,
      '': 400,
      '0x10': 400,
      ' 5': 400,
    });
  });
});
