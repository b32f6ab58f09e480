/**
 * The error catalogue of SPEC §8, keyed by what went wrong (one code can carry two messages:
 * 1201 and 400 do).
 */
export const errorCatalogue = {
  missingGuides: { code: 1001, message: 'Missing guides', level: 'warning' },
  missingNews: { code: 1002, message: 'Missing news', level: 'warning' },
  missingGroups: { code: 1101, message: 'Missing groups data', level: 'error' },
  missingFacts: { code: 1201, message: 'Missing medical facts data', level: 'error' },
  missingStudentInGroup: { code: 1201, message: 'Missing student in group', level: 'error' },
  missingLastActivity: { code: 1301, message: 'Missing last activity', level: 'warning' },
  missingIdleTracker: { code: 1401, message: 'Missing idle tracker', level: 'warning' },
  sendResults: { code: 1601, message: 'Problem sending results', level: 'error' },
  sendResultsQuiz: { code: 1701, message: 'Problem sending results', level: 'error' },
  missingExam: { code: 1801, message: 'Missing exam data', level: 'error' },
  sendExam: { code: 1802, message: 'Error sending exam', level: 'error' },
  checkFile: { code: 1901, message: 'Error checking file', level: 'warning' },
  uploadFile: { code: 1902, message: 'Error while uploading file', level: 'error' },
  postExam: { code: 2001, message: 'Error posting exam', level: 'error' },
  missingUnits: { code: 2101, message: 'Missing units', level: 'warning' },
  missingModuleProgress: { code: 2201, message: 'Missing progress by module', level: 'warning' },
  missingGlobalResults: { code: 2301, message: 'Missing global results', level: 'warning' },
  login: { code: 2401, message: 'Error while login in', level: 'warning' },
  ssoLogin: { code: 2501, message: 'Login error (single sign-on)', level: 'warning' },
  missingTest: { code: 2601, message: 'Missing test data', level: 'warning' },
  missingTotalProgress: { code: 2701, message: 'Missing total progress data', level: 'error' },
  missingCode: { code: 2801, message: 'Missing code data', level: 'warning' },
  webinarsFetch: { code: 400, message: 'Failed to fetch webinaires', level: 'error' },
  webinarRegister: { code: 400, message: "Echec de l'inscription", level: 'error' },
  webinarCancel: { code: 400, message: "Echec de l'annulation", level: 'error' },
} as const satisfies Record<string, { code: number; message: string; level: 'warning' | 'error' }>;

export type CatalogueEntry = (typeof errorCatalogue)[keyof typeof errorCatalogue];

/** SPEC §8: 'Error {code}: {message}'. */
export function formatErrorToast(code: number | string, message: string): string {
  return `Error ${code}: ${message}`;
}

/** SPEC §8: warning toasts last 6 s, password toasts 2.5 s. */
export const TOAST_DURATION_MS = { warning: 6000, error: 6000, password: 2500, success: 6000 } as const;
