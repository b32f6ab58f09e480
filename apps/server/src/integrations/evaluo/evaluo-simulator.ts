import { createHmac, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyInstance } from 'fastify';
import { copyPath, takePath, type ProviderExam } from './provider-protocol.js';
import { escapeHtml } from '../../lib/html.js';

/**
 * An offline stand-in for the external exam provider (issue 13, decision 0020): it speaks the
 * provider's protocol (provider-protocol.ts) over real HTTP, so the adapter in front of it is the
 * real client. Mounted in the demo server under /evaluo-sim when no EVALUO_URL is configured, and
 * started on a loopback port by the tests, which can make it slow or failing (`faults`).
 */
export interface SimulatorOptions {
  key: string;
  /** The exams it holds (demo/evaluo-exams.ts builds the demo's). */
  exams: () => ProviderExam[];
  /** Where browsers reach it (its page links), without a trailing slash. */
  publicBase: () => string;
  now?: () => number;
}

export interface SimulatorFaults {
  /** Answers this late (the adapter's time-out is then what a learner sees). */
  delayMs: number;
  /** Answers every API call with this status. */
  status: number | null;
  /** Answers every API call with a body that is not JSON. */
  garbage: boolean;
}

/** How long a signed-in link stays valid. */
const LINK_MS = 5 * 60_000;

const sign = (key: string, payload: string) => createHmac('sha256', key).update(payload).digest('base64url');

const html = (title: string, body: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title}</title></head><body><main><p>Evaluo — simulateur hors ligne de la démo MedEnglish</p>${body}</main></body></html>`;

export function registerEvaluoSimulator(
  app: FastifyInstance,
  options: SimulatorOptions,
  faults: SimulatorFaults = { delayMs: 0, status: null, garbage: false },
): void {
  const now = options.now ?? Date.now;
  const keyBytes = Buffer.from(options.key);

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.includes('/api/')) return;
    if (faults.delayMs > 0) await new Promise((r) => setTimeout(r, faults.delayMs));
    const given = Buffer.from(String(request.headers['x-api-key'] ?? ''));
    if (given.length !== keyBytes.length || !timingSafeEqual(given, keyBytes)) {
      return reply.status(401).send({ message: 'invalid api key' });
    }
    if (faults.status) {
      if (faults.status === 429) void reply.header('retry-after', '30');
      return reply.status(faults.status).send({ message: 'simulated failure' });
    }
    if (faults.garbage) return reply.type('application/json').send('<html>proxy error</html>');
  });

  const semesterOf = (query: unknown) => Number((query as { semester?: string }).semester);
  const ofSchool = (schoolId: string, semester: number) =>
    options.exams().filter((e) => e.id.startsWith(`${schoolId}:`) && e.semester === semester);
  /** Exam ids are "{schoolId}:{code}": a school sees only its own. */
  const publicExam = (e: ProviderExam) => ({ ...e, id: e.id.slice(e.id.indexOf(':') + 1) });

  app.get('/api/v1/schools/:schoolId/exams', async (request) => {
    const { schoolId } = request.params as { schoolId: string };
    return ofSchool(schoolId, semesterOf(request.query)).map(publicExam);
  });

  app.get('/api/v1/schools/:schoolId/students/:studentId/exams', async (request) => {
    const { schoolId, studentId } = request.params as { schoolId: string; studentId: string };
    return ofSchool(schoolId, semesterOf(request.query)).flatMap((exam) => {
      const me = exam.participants.find((p) => p.studentId === studentId);
      if (!me) return [];
      const { participants: _participants, ...rest } = publicExam(exam);
      return [{ ...rest, state: me.state }];
    });
  });

  app.post('/api/v1/token/user-token', async (request, reply) => {
    const { email, studentId, url } = (request.body ?? {}) as {
      email?: string;
      studentId?: string;
      url?: string;
    };
    const base = options.publicBase();
    const who =
      typeof studentId === 'string'
        ? { s: studentId }
        : typeof email === 'string'
          ? { e: email.toLowerCase() }
          : null;
    if (!who || typeof url !== 'string' || !url.startsWith(`${base}/`)) {
      return reply
        .status(400)
        .send({ message: 'a student id or email, and a link of this provider expected' });
    }
    const exp = now() + LINK_MS;
    const payload = Buffer.from(JSON.stringify({ ...who, exp })).toString('base64url');
    const target = new URL(url);
    const token = `${payload}.${sign(options.key, `${payload}|${target.pathname}|${target.searchParams.get('id')}`)}`;
    target.searchParams.set('token', token);
    return { url: target.toString() };
  });

  const page =
    (done: boolean) =>
    async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
      const { id, token } = request.query as { id?: string; token?: string };
      const [payload, signature] = String(token ?? '').split('.');
      const path = request.url.split('?')[0]!;
      const expected = payload ? sign(options.key, `${payload}|${path}|${id}`) : '';
      let claims: { e?: string; s?: string; exp: number } | null = null;
      try {
        if (payload && signature === expected)
          claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8'));
      } catch {
        claims = null;
      }
      void reply.type('text/html; charset=utf-8');
      if (!claims || claims.exp < now()) {
        return reply
          .status(401)
          .send(html('Lien expiré', '<h1>Lien expiré</h1><p>Rouvrez l’examen depuis MedEnglish.</p>'));
      }
      const exam = options.exams().find((e) => e.id.endsWith(`:${id}`));
      const me = exam?.participants.find((p) =>
        claims.s !== undefined ? p.studentId === claims.s : p.email.toLowerCase() === claims.e,
      );
      if (!exam || !me)
        return reply.status(404).send(html('Examen introuvable', '<h1>Examen introuvable</h1>'));
      const title = escapeHtml(exam.name);
      return done
        ? html(
            title,
            `<h1>${title}</h1><p>Copie de ${escapeHtml(me.email)} — état : ${escapeHtml(me.state?.name ?? '—')}.</p>`,
          )
        : html(
            title,
            `<h1>${title}</h1><p>Examen ouvert pour ${escapeHtml(me.email)} : ${exam.duration} minutes.</p>`,
          );
    };
  app.get(copyPath, page(true));
  app.get(takePath, page(false));
}

/** The simulator on a loopback port of its own (tests, and the test app's default provider). */
export async function startEvaluoSimulator(options: Omit<SimulatorOptions, 'publicBase'>) {
  // Closing does not wait for a client's idle keep-alive connections (or a request left hanging by a time-out).
  const app = Fastify({ logger: false, forceCloseConnections: true });
  const faults: SimulatorFaults = { delayMs: 0, status: null, garbage: false };
  let base = '';
  registerEvaluoSimulator(app, { ...options, publicBase: () => base }, faults);
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  base = address;
  return {
    /** The provider's address (EVALUO_URL): its API is under /api. */
    url: address,
    faults,
    close: () => app.close(),
  };
}
