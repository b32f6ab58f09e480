/**
 * Fixed ids of the demo companies, so that configuration defaults can name them
 * (DEMO.md: PLACEMENT_EXEMPT_COMPANIES defaults to the id of Clinique Démo).
 */
export const DEMO_IDS = {
  universite: '6f1c2a53-1b7e-4d0c-9a51-2f6d7a8b9c01',
  clinique: '6f1c2a53-1b7e-4d0c-9a51-2f6d7a8b9c02',
  ecoleSuspendue: '6f1c2a53-1b7e-4d0c-9a51-2f6d7a8b9c03',
  /** The platform's own organisation, home of the admin account (not a customer). */
  platform: '6f1c2a53-1b7e-4d0c-9a51-2f6d7a8b9c00',
} as const;

export const DEMO_PASSWORD = 'DemoPass2026';

/** The placement test model of the bank in src/demo/placement (its testModelId). */
export const PLACEMENT_MODEL_ID = 'placement-v1';

/** The exam question pools of src/demo/exams (issue 12), by the demo exam that uses each. */
export const DEMO_POOLS = {
  open: 's3-clinical-communication',
  upcoming: 's3-end-of-semester',
  finished: 's1-foundations',
} as const;

/** Camille's student id at the external exam provider (issue 13; the demo's offline simulator). */
export const DEMO_EVALUO_STUDENT = 'EV-2026-0142';
