/** What other modules may use of the exams (eslint: modules import each other through index.ts). */
export { registerExamJobs } from './exam-jobs.js';
export { registerExamRoutes } from './exams.routes.js';
export { registerWrittenRoutes } from './written.routes.js';
export { registerUploadRoutes } from './upload.routes.js';
export { examSubjectKey } from './written.service.js';
export { loadPoolsFrom, loadPool, readPoolFile } from './pool-loader.js';
export { forgetPools } from './pool-cache.js';
export { buildLayout } from './attempt-layout.js';
export { scoreAttempt } from './exam-scores.js';
