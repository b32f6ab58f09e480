import type { Group, User } from '@medenglish/shared';
import { startSession } from '../lib/session';

export const LEARNER_ID = '00000000-0000-4000-8000-000000000042';
export const COMPANY_ID = '00000000-0000-4000-8000-0000000000c0';

export function learner(overrides: Partial<User> = {}): User {
  return {
    _id: LEARNER_ID,
    email: 'etudiant.demo@demo-univ.fr',
    firstname: 'Camille',
    name: 'MARTIN',
    type: 4,
    jobTitle: null,
    phone: null,
    needs: {},
    semester: 3,
    catchUp: [1],
    company: COMPANY_ID,
    code: null,
    placementtest: true,
    additionalTime: 0,
    additionalTimeOnce: 0,
    testFinish: true,
    isVerified: true,
    evaluoId: null,
    language: 'fr',
    role: 'learner',
    ...overrides,
  };
}

export function group(overrides: Partial<Group> & Pick<Group, '_id' | 'name'>): Group {
  return {
    semester: 3,
    company: COMPANY_ID,
    level: 1,
    elearning: {
      elearningDuration: 1200,
      elearningDurationTarget: 80,
      elearningOptions: [],
      elearningResources: [],
    },
    ...overrides,
  };
}

/** Signs the learner in, as a login would (cookies and session info). */
export function signIn(user: User = learner()) {
  startSession(
    { token: 't', refreshToken: 'r', _id: user._id, codeId: null, testId: null, testFinish: user.testFinish },
    user.email,
    'session',
  );
}
