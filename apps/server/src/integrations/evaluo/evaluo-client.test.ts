import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEvaluoClient, EvaluoUnavailable, type EvaluoClient } from './evaluo-client.js';
import { startEvaluoSimulator } from './evaluo-simulator.js';
import { providerLink, type ProviderExam } from './provider-protocol.js';

const SCHOOL = 'school-1';
const NOW = Date.parse('2026-11-25T10:00:00Z');
const exams: ProviderExam[] = [
  {
    id: `${SCHOOL}:A`,
    name: 'Reading',
    startDate: '2026-11-01T08:00:00Z',
    endDate: '2026-11-01T10:00:00Z',
    duration: 60,
    semester: 3,
    participants: [{ email: 'a@univ.fr', studentId: 'S-1', state: { name: 'Terminé' } }],
  },
  {
    id: `${SCHOOL}:B`,
    name: 'Speaking',
    startDate: '2026-11-24T08:00:00Z',
    endDate: '2026-12-05T18:00:00Z',
    duration: 45,
    semester: 3,
    participants: [
      { email: 'a@univ.fr', studentId: 'S-1', state: { name: 'Non commencé' } },
      { email: 'b@univ.fr', studentId: null, state: null },
    ],
  },
  {
    ...{ id: 'other-school:C', name: 'Not ours', startDate: '', endDate: '', duration: 0 },
    semester: 3,
    participants: [],
  },
];

/** The adapter against the provider's offline simulator, over real loopback HTTP (issue 13). */
describe('the external exam provider adapter', () => {
  let sim: Awaited<ReturnType<typeof startEvaluoSimulator>>;
  let client: EvaluoClient;
  const make = (key = 'adapter-test-key', timeoutMs = 500) =>
    createEvaluoClient({ apiBase: () => `${sim.url}/api`, publicBase: () => sim.url, key, timeoutMs });

  beforeAll(async () => {
    sim = await startEvaluoSimulator({ key: 'adapter-test-key', exams: () => exams, now: () => NOW });
    client = make();
  });
  afterAll(() => sim.close());
  afterEach(() => Object.assign(sim.faults, { delayMs: 0, status: null, garbage: false }));

  it("lists a school's exams of a semester with their participants, and a student's own with their state", async () => {
    const school = await client.schoolExams(SCHOOL, 3);
    expect(school.map((e) => e.id)).toEqual(['A', 'B']);
    expect(school[1]!.participants).toHaveLength(2);
    expect(await client.schoolExams(SCHOOL, 4)).toEqual([]);
    const mine = await client.studentExams(SCHOOL, 3, 'S-1');
    expect(mine.map((e) => [e.id, e.state?.name])).toEqual([
      ['A', 'Terminé'],
      ['B', 'Non commencé'],
    ]);
    expect(mine[0]).not.toHaveProperty('participants');
  });

  it('signs a link for a learner, which the provider then opens for them only, and not once altered', async () => {
    const link = providerLink(sim.url, true, 'A');
    const signed = await client.userToken({ email: 'a@univ.fr' }, link);
    expect(signed.startsWith(`${sim.url}/testStudent/show?id=A&token=`)).toBe(true);
    const page = await fetch(signed);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Copie de a@univ.fr');
    const tampered = signed.replace('id=A', 'id=B');
    expect((await fetch(tampered)).status).toBe(401);
    // Signed for the student id (issue 32): the provider opens that student's copy.
    const byId = await client.userToken({ studentId: 'S-1' }, link);
    expect(await (await fetch(byId)).text()).toContain('Copie de a@univ.fr');
    await expect(
      client.userToken({ email: 'a@univ.fr' }, 'https://elsewhere.example/takeExam/index?id=A'),
    ).rejects.toMatchObject({
      reason: 'status',
      status: 400,
    });
  });

  it('turns every failure into EvaluoUnavailable: a wrong key, an error status, throttling, a time-out, garbage, no server', async () => {
    await expect(make('wrong-key-123').schoolExams(SCHOOL, 3)).rejects.toMatchObject({
      reason: 'status',
      status: 401,
    });
    sim.faults.status = 503;
    await expect(client.schoolExams(SCHOOL, 3)).rejects.toMatchObject({ reason: 'status', status: 503 });
    sim.faults.status = 429;
    await expect(client.studentExams(SCHOOL, 3, 'S-1')).rejects.toMatchObject({
      reason: 'status',
      status: 429,
    });
    sim.faults.status = null;
    sim.faults.delayMs = 800;
    const started = Date.now();
    await expect(client.schoolExams(SCHOOL, 3)).rejects.toMatchObject({ reason: 'timeout' });
    expect(Date.now() - started).toBeLessThan(790);
    sim.faults.delayMs = 0;
    sim.faults.garbage = true;
    await expect(client.schoolExams(SCHOOL, 3)).rejects.toMatchObject({ reason: 'malformed' });
    const nowhere = createEvaluoClient({
      apiBase: () => 'http://127.0.0.1:9/api',
      publicBase: () => 'http://127.0.0.1:9',
      key: 'x',
      timeoutMs: 500,
    });
    const error = await nowhere.schoolExams(SCHOOL, 3).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(EvaluoUnavailable);
    expect((error as EvaluoUnavailable).reason).toBe('network');
  });

  it('refuses an answer that is JSON but not the protocol', async () => {
    const odd = createEvaluoClient({
      apiBase: () => 'http://provider.test/api',
      publicBase: () => 'http://provider.test',
      key: 'k',
      timeoutMs: 500,
      fetch: async () => new Response(JSON.stringify([{ id: 1, title: 'no such fields' }]), { status: 200 }),
    });
    await expect(odd.schoolExams(SCHOOL, 3)).rejects.toMatchObject({ reason: 'malformed' });
  });
});
