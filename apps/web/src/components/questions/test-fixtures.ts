import type { PlacementQuestion, PlacementTest } from '@medenglish/shared';

/** Questions of each type, shaped as POST /test/init sends them (never with their keys). */
const base = { level: 'B1', subcategory: 'grammar', media: null, passage: null } as const;

export const mcq: PlacementQuestion = {
  ...base,
  _id: '00000000-0000-4000-8000-0000000000a1',
  category: 'KN',
  type: 'mcq',
  name: 'The patient was ___ to the cardiology ward.',
  answers: [{ text: 'admitted' }, { text: 'admitting' }, { text: 'admit' }],
};

export const tof: PlacementQuestion = {
  ...base,
  _id: '00000000-0000-4000-8000-0000000000a2',
  category: 'RC',
  type: 'tof',
  name: 'The patient takes the tablets with food.',
  answers: [{ text: 'True' }, { text: 'False' }],
  passage: { title: 'Discharge letter', text: 'Take one tablet twice a day.\n\nTake them with food.' },
};

export const fillblank: PlacementQuestion = {
  ...base,
  _id: '00000000-0000-4000-8000-0000000000a3',
  category: 'KN',
  type: 'fillblank',
  name: 'Please ___ your sleeve so I can ___ your blood pressure.',
  answers: [{ text: 'take' }, { text: 'roll up' }, { text: 'measure' }, { text: 'open' }],
};

export const ordering: PlacementQuestion = {
  ...base,
  _id: '00000000-0000-4000-8000-0000000000a4',
  category: 'OC',
  type: 'd&d',
  name: 'Put the words in order to make the sentence you heard.',
  answers: [{ text: 'every four hours' }, { text: 'The nurse' }, { text: 'checks the drip' }],
  media: {
    filename: 'ward-round.mp3',
    type: 'audio',
    url: '/media/placementTest/audio/ward-round.mp3',
    audioAttribution: null,
  },
};

export function placementTestOf(overrides: Partial<PlacementTest> = {}): PlacementTest {
  return {
    testId: '00000000-0000-4000-8000-0000000000f1',
    testModelId: 'placement-v1',
    descriptionKN: 'Grammar and medical vocabulary.',
    descriptionRC: 'Short texts from the hospital.',
    descriptionOC: 'Recordings of consultations.',
    questions: [mcq, tof, fillblank, ordering],
    answers: [],
    total: 4,
    parts: { KN: 2, RC: 1, OC: 1 },
    audioPlays: {},
    progress: null,
    testFinish: false,
    scores: null,
    level: null,
    ...overrides,
  };
}
