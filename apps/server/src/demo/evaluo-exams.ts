import type { ProviderExam } from '../integrations/evaluo/provider-protocol.js';
import { DEMO_EVALUO_STUDENT, DEMO_IDS } from './demo-ids.js';

const DAY = 24 * 3600_000;
const at = (now: number, days: number, hour: number) => {
  const d = new Date(now + days * DAY);
  d.setUTCHours(hour, 0, 0, 0);
  return d.toISOString();
};

/**
 * What the demo's offline exam provider holds (issue 13, DEMO.md): for Université Démo's
 * semester 3, a reading paper Camille has finished (her copy can be seen), a spoken presentation
 * open now that she and Inès still have to take, and a resit in which neither takes part (so it is
 * not listed to them). Dates follow the server's day, like the rest of the demo.
 */
export function demoEvaluoExams(now: number): ProviderExam[] {
  const school = DEMO_IDS.universite;
  const camille = (state: string) => ({
    email: 'etudiant.demo@demo-univ.fr',
    studentId: DEMO_EVALUO_STUDENT,
    state: { name: state },
  });
  const ines = (state: string) => ({
    email: 'tiers-temps.demo@demo-univ.fr',
    studentId: null,
    state: { name: state },
  });
  return [
    {
      id: `${school}:S3-READING-1`,
      name: 'Medical English – reading a clinical guideline (S3)',
      startDate: at(now, -20, 8),
      endDate: at(now, -20, 10),
      duration: 60,
      semester: 3,
      participants: [camille('Terminé'), ines('Terminé')],
    },
    {
      id: `${school}:S3-SPEAKING-2`,
      name: 'Medical English – presenting a patient at handover (S3)',
      startDate: at(now, -1, 7),
      endDate: at(now, 10, 18),
      duration: 45,
      semester: 3,
      participants: [camille('Non commencé'), ines('Non commencé')],
    },
    {
      id: `${school}:S3-RESIT-3`,
      name: 'Medical English – resit (S3)',
      startDate: at(now, 40, 8),
      endDate: at(now, 40, 10),
      duration: 60,
      semester: 3,
      participants: [{ email: 'resit.student@demo-univ.fr', studentId: 'EV-2026-0999', state: null }],
    },
  ];
}
