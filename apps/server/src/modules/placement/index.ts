/** What the placement module offers the command-line tools (src/cli). */
export { readBank } from './bank-loader.js';
export { poolFromBank } from './adaptive-pool.js';
export { meetsAcceptance, RESPONSE_MODELS, simulate, type SimulationReport } from './irt/simulate.js';
export {
  calibrate,
  CALIBRATION_DEFAULTS,
  type CalibrationModel,
  type CalibrationResult,
  type ItemCalibration,
} from './irt/calibrate.js';
export {
  answersFromDatabase,
  byLearner,
  parseAnswersExport,
  writeCalibration,
  type CalibratedParams,
} from './calibration-io.js';
