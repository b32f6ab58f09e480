/** What other modules may use of operations: logs, metrics, load shedding, readiness. */
export { loggerOptions, redactUrl, requestId } from './logging.js';
export { registerMetrics } from './metrics.js';
export { registerOverloadGuard } from './overload.js';
export { readiness } from './readiness.js';
