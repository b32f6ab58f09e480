import { randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { isRole, type Role } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { appSecrets } from '../../db/schema.js';
import type { Clock } from '../../lib/clock.js';
import { signedAtMs, type SessionRevocations } from './session-revocations.js';

export interface AccessClaims {
  userId: string;
  companyId: string;
  /** What the caller may do; the access policy reads it (plugins/access-policy.ts). */
  role: Role;
  /** The session (refresh-token family) the token belongs to, so a logout can end it. */
  sessionId?: string;
}

export interface AccessTokens {
  sign(claims: AccessClaims): Promise<string>;
  /** The claims of a valid token, or null for anything else (expired, forged, malformed). */
  verify(token: string): Promise<AccessClaims | null>;
}

/**
 * Short-lived signed access tokens (HS256). The key is AUTH_SECRET, or one generated on first
 * start and kept in the database so that every instance signs with the same key.
 */
export async function loadSigningKey(db: Db, configured?: string): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  await db
    .insert(appSecrets)
    .values({ name: 'access-token-key', value: randomBytes(48).toString('base64url') })
    .onConflictDoNothing();
  const rows = await db.select().from(appSecrets);
  const row = rows.find((r) => r.name === 'access-token-key')!;
  return new TextEncoder().encode(row.value);
}

/** About one token per active learner: 50,000 entries are a few megabytes. */
const VERIFIED_TOKENS_MAX = 50_000;

export async function createAccessTokens(
  secret: Uint8Array,
  minutes: number,
  clock: Clock,
  revocations?: Pick<SessionRevocations, 'isRevoked'>,
): Promise<AccessTokens> {
  // Imported once: handing jose the raw bytes makes it import the key again on every request.
  const key = await crypto.subtle.importKey(
    'raw',
    new Uint8Array(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A learner sends the same token with every call for its whole life (a heartbeat every 30 s):
  // tokens already verified are remembered with their claims until they expire, which spares
  // the HMAC on the hot paths. Tokens are stateless, so this answers as verifying would (the key
  // is fixed for the life of the process).
  const verified = new Map<string, { claims: AccessClaims; expiresAtMs: number; issuedAtMs: number }>();
  const remember = (token: string, claims: AccessClaims, expiresAtMs: number, issuedAtMs: number) => {
    if (verified.size >= VERIFIED_TOKENS_MAX) verified.delete(verified.keys().next().value!);
    verified.set(token, { claims, expiresAtMs, issuedAtMs });
  };
  // A valid signature is not enough once the session has ended (issue 20): checked on every
  // call, cached token or not, against the revocations this instance knows (memory only).
  const ended = (claims: AccessClaims, issuedAtMs: number) =>
    revocations?.isRevoked({ userId: claims.userId, sessionId: claims.sessionId, issuedAtMs }) ?? false;
  return {
    async sign({ userId, companyId, role, sessionId }) {
      const nowMs = clock.now().getTime();
      const now = Math.floor(nowMs / 1000);
      // `ims`: the signing time to the millisecond, so a token signed just after a revocation in
      // the same second (a new sign-in after a password reset) is not taken for an older one.
      return new SignJWT({ cid: companyId, rol: role, ims: nowMs, ...(sessionId ? { sid: sessionId } : {}) })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(userId)
        .setIssuedAt(now)
        .setExpirationTime(now + minutes * 60)
        .sign(key);
    },
    async verify(token) {
      const nowMs = clock.now().getTime();
      const known = verified.get(token);
      if (known) {
        if (known.expiresAtMs > nowMs) return ended(known.claims, known.issuedAtMs) ? null : known.claims;
        verified.delete(token);
        return null;
      }
      try {
        const { payload } = await jwtVerify(token, key, {
          algorithms: ['HS256'],
          // A token that never expires is not one we issued (issue 20: a forged one was accepted).
          requiredClaims: ['exp'],
          currentDate: new Date(nowMs),
        });
        if (typeof payload.sub !== 'string' || typeof payload.cid !== 'string') return null;
        // A token without a role (signed before roles existed) is a learner's: the least it may do.
        const role = payload.rol === undefined ? 'learner' : payload.rol;
        if (!isRole(role)) return null;
        const claims: AccessClaims = {
          userId: payload.sub,
          companyId: payload.cid,
          role,
          ...(typeof payload.sid === 'string' ? { sessionId: payload.sid } : {}),
        };
        const issuedAtMs = signedAtMs(payload);
        remember(token, claims, (payload.exp ?? 0) * 1000, issuedAtMs);
        return ended(claims, issuedAtMs) ? null : claims;
      } catch {
        return null;
      }
    },
  };
}
