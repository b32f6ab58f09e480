import { describe, expect, it } from 'vitest';
import type { ProviderExam } from '../../integrations/evaluo/provider-protocol.js';
import { learnersExams, studentsExams } from './learners-exams.js';

const exam = (id: string, start: string, participants: ProviderExam['participants']): ProviderExam => ({
  id,
  name: `Exam ${id}`,
  startDate: start,
  endDate: start,
  duration: 44.6,
  semester: 3,
  participants,
});
const me = (state: string | null, email = 'Camille.Martin@demo-univ.fr') => ({
  email,
  studentId: null,
  state: state === null ? null : { name: state },
});

describe('SPEC §5 "External exam table"', () => {
  const base = 'https://evaluo.example';
  const exams = [
    exam('late', '2026-12-10T08:00:00Z', [me('Non commencé')]),
    exam('done', '2026-10-01T08:00:00Z', [
      me('Terminé', 'camille.martin@demo-univ.fr '),
      me('Terminé', 'x@demo-univ.fr'),
    ]),
    exam('not-mine', '2026-09-01T08:00:00Z', [me('Terminé', 'someone@demo-univ.fr')]),
    exam('no-state', '2026-11-01T08:00:00Z', [me(null)]),
  ];

  it("keeps the learner's exams only (e-mail compared without case), sorted by start, with no other participant", () => {
    const list = learnersExams(exams, { email: 'camille.martin@demo-univ.fr' }, base);
    expect(list.map((e) => e.id)).toEqual(['done', 'no-state', 'late']);
    expect(JSON.stringify(list)).not.toContain('x@demo-univ.fr');
  });

  it('matches by the student id alone when the learner has one (issue 32), not by an address', () => {
    const byId = [
      exam('by-id', '2026-10-01T08:00:00Z', [
        { email: 'someone.else@demo-univ.fr', studentId: 'EV-1', state: null },
      ]),
      exam('by-address', '2026-10-02T08:00:00Z', [me(null)]),
    ];
    expect(learnersExams(byId, { studentId: 'EV-1' }, base).map((e) => e.id)).toEqual(['by-id']);
    expect(learnersExams(byId, { studentId: 'EV-2' }, base)).toEqual([]);
  });

  it("links the copy once the learner's state is Terminé, the exam otherwise (SPEC §2, §7)", () => {
    const [done, noState, late] = learnersExams(exams, { email: 'camille.martin@demo-univ.fr' }, base);
    expect(done!.link).toBe('https://evaluo.example/testStudent/show?id=done');
    expect(noState!.link).toBe('https://evaluo.example/takeExam/index?id=no-state');
    expect(late!).toMatchObject({ stateName: 'Non commencé', durationMinutes: 45 });
  });

  it("sorts a student's own list by start too", () => {
    const { participants: _p, ...a } = exams[0]!;
    const { participants: _q, ...b } = exams[1]!;
    const list = studentsExams(
      [
        { ...a, state: null },
        { ...b, state: { name: 'Terminé' } },
      ],
      base,
    );
    expect(list.map((e) => [e.id, e.link.includes('/testStudent/show')])).toEqual([
      ['done', true],
      ['late', false],
    ]);
  });
});
