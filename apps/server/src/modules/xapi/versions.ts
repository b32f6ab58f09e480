/**
 * The xAPI versions this store speaks, chosen per request by X-Experience-API-Version: 1.0.x
 * (answered as 1.0.3) and 2.0.x (IEEE 9274.1.1, answered as 2.0.0). Statements keep the version
 * they were sent with; the rules that differ take the request's (statement-rules.ts `version`).
 */
export type XapiVersion = '1.0.3' | '2.0.0';

export const DEFAULT_VERSION: XapiVersion = '1.0.3';
/** What /about lists, newest of each line first. */
export const SUPPORTED_VERSIONS = ['2.0.0', '1.0.3', '1.0.2', '1.0.1', '1.0.0'];

/** The version a request asks for, or null when the store does not speak it. */
export function negotiateVersion(header: unknown): XapiVersion | null {
  if (typeof header !== 'string') return null;
  if (/^1\.0(\.\d+)?$/.test(header)) return '1.0.3';
  if (/^2\.0(\.\d+)?$/.test(header)) return '2.0.0';
  return null;
}

/** A statement's own `version` property: 1.0.x always, 2.0.x through a 2.0 request only. */
export const isStatementVersion = (value: string, request: XapiVersion) =>
  /^1\.0(\.\d+)?$/.test(value) || (request === '2.0.0' && /^2\.0(\.\d+)?$/.test(value));
