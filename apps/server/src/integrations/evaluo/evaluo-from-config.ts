import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import type { Config } from '../../config.js';
import type { Clock } from '../../lib/clock.js';
import { demoEvaluoExams } from '../../demo/evaluo-exams.js';
import { createEvaluoClient, EvaluoUnavailable, type EvaluoClient } from './evaluo-client.js';
import type { SimulatorOptions } from './evaluo-simulator.js';

/** Where the built-in simulator is mounted in the demo server. */
export const SIMULATOR_PREFIX = '/evaluo-sim';

const trimSlash = (url: string) => url.replace(/\/+$/, '');

/**
 * No provider at all (production without EVALUO_URL nor EVALUO_SIMULATOR, issue 32): every call
 * fails as an unreachable provider does, and the Evaluo page says the exams are unavailable.
 */
const noProvider: EvaluoClient = {
  publicBase: () => '',
  schoolExams: () => Promise.reject(new EvaluoUnavailable('not-configured')),
  studentExams: () => Promise.reject(new EvaluoUnavailable('not-configured')),
  userToken: () => Promise.reject(new EvaluoUnavailable('not-configured')),
};

/**
 * The provider the server talks to: the configured one (EVALUO_URL, EVALUO_KEY), or — by default,
 * so that the demo works with no network — the offline simulator mounted in this very server,
 * reached over loopback HTTP once the server listens; in production, the simulator only when
 * EVALUO_SIMULATOR asks for it (issue 32).
 */
export function evaluoFromConfig(
  config: Config,
  publicUrl: string,
  clock: Clock,
  address: () => AddressInfo | string | null,
): { client: EvaluoClient; simulator: SimulatorOptions | null } {
  if (config.EVALUO_URL) {
    const base = trimSlash(config.EVALUO_URL);
    const publicBase = trimSlash(config.EVALUO_PUBLIC_URL ?? base);
    return {
      client: createEvaluoClient({
        apiBase: () => `${base}/api`,
        publicBase: () => publicBase,
        key: config.EVALUO_KEY ?? '',
        timeoutMs: config.EVALUO_TIMEOUT_MS,
      }),
      simulator: null,
    };
  }
  if (!config.EVALUO_SIMULATOR) return { client: noProvider, simulator: null };
  const key = randomBytes(24).toString('base64url');
  const publicBase = () => `${publicUrl}${SIMULATOR_PREFIX}`;
  const loopback = () => {
    const listening = address();
    if (!listening || typeof listening === 'string') throw new Error('the server is not listening yet');
    const host =
      listening.family === 'IPv6'
        ? `[${listening.address === '::' ? '::1' : listening.address}]`
        : listening.address === '0.0.0.0'
          ? '127.0.0.1'
          : listening.address;
    return `http://${host}:${listening.port}${SIMULATOR_PREFIX}/api`;
  };
  return {
    client: createEvaluoClient({ apiBase: loopback, publicBase, key, timeoutMs: config.EVALUO_TIMEOUT_MS }),
    simulator: {
      key,
      publicBase,
      exams: () => demoEvaluoExams(clock.now().getTime()),
      now: () => clock.now().getTime(),
    },
  };
}
