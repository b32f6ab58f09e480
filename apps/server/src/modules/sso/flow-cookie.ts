import { createHmac, timingSafeEqual } from 'node:crypto';
import type { SsoFlow } from '../../integrations/sso/oidc-client.js';

/** The sign-on's state, nonce and PKCE verifier ride in this cookie between start and callback. */
export const FLOW_COOKIE = 'sso_flow';
const LIFETIME_SECONDS = 600;

/**
 * Signed (HMAC-SHA256 with the server's key) and dated, so that it cannot be forged or replayed
 * late; HttpOnly, and SameSite=Lax because the provider sends the browser back by a top-level GET.
 */
export function flowCookie(secret: Uint8Array, flow: SsoFlow, nowMs: number, secure: boolean): string {
  const payload = Buffer.from(
    JSON.stringify({ ...flow, exp: Math.floor(nowMs / 1000) + LIFETIME_SECONDS }),
  ).toString('base64url');
  const signature = createHmac('sha256', secret).update(`sso-flow\n${payload}`).digest('base64url');
  return `${FLOW_COOKIE}=${payload}.${signature}; Path=/api/sso; Max-Age=${LIFETIME_SECONDS}; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
}

export const clearFlowCookie = () => `${FLOW_COOKIE}=; Path=/api/sso; Max-Age=0; HttpOnly; SameSite=Lax`;

export function readFlowCookie(secret: Uint8Array, value: string | null, nowMs: number): SsoFlow | null {
  if (!value) return null;
  const [payload, signature] = value.split('.');
  if (!payload || !signature) return null;
  const expected = Buffer.from(
    createHmac('sha256', secret).update(`sso-flow\n${payload}`).digest('base64url'),
  );
  const given = Buffer.from(signature);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const flow = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as SsoFlow & { exp: number };
    if (typeof flow.exp !== 'number' || flow.exp * 1000 < nowMs) return null;
    return { provider: flow.provider, state: flow.state, nonce: flow.nonce, verifier: flow.verifier };
  } catch {
    return null;
  }
}
