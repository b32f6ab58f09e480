import { createHmac, timingSafeEqual } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Clock } from '../../lib/clock.js';
import { signedAtMs, type SessionRevocations } from '../auth/index.js';

/**
 * Who may talk to the learning record store.
 * - A launch: the credentials given to one content frame, valid only for this learner, this
 *   activity (and its sub-activities), this registration and a limited time.
 * - The store's own key (XAPI_BASIC_AUTH), for an institution's reporting tools: everything.
 */
export interface LaunchScope {
  userId: string;
  groupId: string;
  unitId: string;
  activityId: string;
  /** The learner's agent key (`mbox:mailto:…`). */
  agentKey: string;
  registration: string;
  /** The learner's session that launched the unit: its end ends these credentials (issue 20). */
  sessionId?: string;
  /** A cmi5 AU session (issue 18): its statements are checked against the cmi5 rules. */
  cmi5Session?: string;
}

export type XapiCaller = { kind: 'launch'; scope: LaunchScope } | { kind: 'admin' };

export interface XapiCredentials {
  /** The value of the launch query's `auth` parameter (an HTTP Authorization header). */
  issue(scope: LaunchScope): Promise<{ auth: string; expiresAt: Date }>;
  /** The caller of an Authorization header, or null when it is missing, forged or expired. */
  verify(authorization: string | undefined): Promise<XapiCaller | null>;
}

/** A content frame stays open through a long session: half a working day, then relaunch. */
export const LAUNCH_HOURS = 12;
const LAUNCH_USER = 'launch';
/** About one launch per learner at work: 50,000 entries are a few megabytes. */
const VERIFIED_MAX = 50_000;

export function createXapiCredentials(
  secret: Uint8Array,
  clock: Clock,
  adminBasicAuth: string | undefined,
  revocations?: Pick<SessionRevocations, 'isRevoked'>,
): XapiCredentials {
  // A key of its own, derived from the signing secret: a launch token is never an access token
  // (the content of a package is not trusted with the learner's session), nor the reverse.
  const key = createHmac('sha256', secret).update('xapi-launch-credentials').digest();
  const admin = adminBasicAuth ? Buffer.from(adminBasicAuth) : null;
  // A frame sends the same credentials with every statement for hours: those already verified
  // are remembered until they expire (as access tokens are), sparing the HMAC on the hot path.
  const verified = new Map<string, { caller: XapiCaller; expiresAtMs: number; issuedAtMs: number }>();
  // Issue 20: a frame's credentials end with the session that launched them — logout, a password
  // reset, a block — checked on every call against the revocations this instance knows.
  const ended = (caller: XapiCaller, issuedAtMs: number) =>
    caller.kind === 'launch' &&
    (revocations?.isRevoked({
      userId: caller.scope.userId,
      sessionId: caller.scope.sessionId,
      issuedAtMs,
    }) ??
      false);

  return {
    async issue(scope) {
      const nowMs = clock.now().getTime();
      const now = Math.floor(nowMs / 1000);
      const exp = now + LAUNCH_HOURS * 3600;
      const token = await new SignJWT({
        grp: scope.groupId,
        unit: scope.unitId,
        act: scope.activityId,
        agt: scope.agentKey,
        reg: scope.registration,
        ims: nowMs,
        ...(scope.sessionId ? { sid: scope.sessionId } : {}),
        ...(scope.cmi5Session ? { c5s: scope.cmi5Session } : {}),
      })
        .setProtectedHeader({ alg: 'HS256' })
        .setSubject(scope.userId)
        .setIssuedAt(now)
        .setExpirationTime(exp)
        .sign(key);
      const auth = `Basic ${Buffer.from(`${LAUNCH_USER}:${token}`).toString('base64')}`;
      return { auth, expiresAt: new Date(exp * 1000) };
    },

    async verify(authorization) {
      const nowMs = clock.now().getTime();
      const known = authorization ? verified.get(authorization) : undefined;
      if (known) {
        if (known.expiresAtMs > nowMs) return ended(known.caller, known.issuedAtMs) ? null : known.caller;
        verified.delete(authorization!);
        return null;
      }
      const match = /^Basic ([A-Za-z0-9+/=]{1,4096})$/.exec(authorization ?? '');
      if (!match) return null;
      const decoded = Buffer.from(match[1]!, 'base64');
      if (admin && decoded.length === admin.length && timingSafeEqual(decoded, admin)) {
        return { kind: 'admin' };
      }
      const text = decoded.toString('utf8');
      if (!text.startsWith(`${LAUNCH_USER}:`)) return null;
      try {
        const { payload } = await jwtVerify(text.slice(LAUNCH_USER.length + 1), key, {
          algorithms: ['HS256'],
          // Credentials that never expire are not ones we issued.
          requiredClaims: ['exp'],
          currentDate: clock.now(),
        });
        const { sub, grp, unit, act, agt, reg, exp, sid, ims, iat, c5s } = payload;
        if (![sub, grp, unit, act, agt, reg].every((v) => typeof v === 'string')) return null;
        const caller: XapiCaller = {
          kind: 'launch',
          scope: {
            userId: sub!,
            groupId: grp as string,
            unitId: unit as string,
            activityId: act as string,
            agentKey: agt as string,
            registration: reg as string,
            ...(typeof sid === 'string' ? { sessionId: sid } : {}),
            ...(typeof c5s === 'string' ? { cmi5Session: c5s } : {}),
          },
        };
        const issuedAtMs = signedAtMs({ ims, iat });
        if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
        verified.set(authorization!, { caller, expiresAtMs: (exp ?? 0) * 1000, issuedAtMs });
        return ended(caller, issuedAtMs) ? null : caller;
      } catch {
        return null;
      }
    },
  };
}

/** Whether a launch may touch this activity: the unit's own, or one of its sub-activities. */
export function isWithinActivity(scope: LaunchScope, activityId: string): boolean {
  return activityId === scope.activityId || activityId.startsWith(`${scope.activityId}/`);
}
