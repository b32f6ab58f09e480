import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import { ErrorCode, messages, type AuthData, type SsoExchangeAnswer } from '@medenglish/shared';
import { ssoHandoffs, userIdentities, users } from '../../db/schema.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { today } from '../../lib/clock.js';
import type { SsoIdentity } from '../../integrations/sso/oidc-client.js';
import type { SsoProviderConfig } from '../../integrations/sso/sso-providers.js';
import { assertMaySignIn, issueAuthData, placementState } from '../auth/index.js';
import { semestersOffered } from '../companies/index.js';
import { associateByLevel } from '../groups/index.js';

const HANDOFF_SECONDS = 120;
const hash = (code: string) => createHash('sha256').update(code).digest('base64url');
const failure = () =>
  new AppError(ErrorCode.INVALID_CREDENTIALS, messages.login.ssoFailure(messages.login.ssoPortal));

/**
 * After the provider's callback: the user keyed on issuer + subject; else the account with the
 * same verified e-mail, then linked; else nobody yet (a first sign-in, finished by the semester).
 * Answers the one-time code the browser trades at POST /sso/exchange.
 */
export async function handOff(
  deps: Deps,
  provider: SsoProviderConfig,
  identity: SsoIdentity,
): Promise<string> {
  const userId = await inTransaction(deps.db, async (tx) => {
    const [known] = await tx
      .select({ userId: userIdentities.userId })
      .from(userIdentities)
      .where(and(eq(userIdentities.issuer, identity.issuer), eq(userIdentities.subject, identity.subject)));
    if (known) return known.userId;
    // Only an address the school vouches for may claim an existing account.
    if (!identity.email || !identity.emailVerified) return null;
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
    if (!account) return null;
    await tx
      .insert(userIdentities)
      .values({ issuer: identity.issuer, subject: identity.subject, userId: account.id })
      .onConflictDoNothing();
    return account.id;
  });
  if (!userId && (!identity.email || !identity.emailVerified)) throw failure();
  const code = randomBytes(32).toString('base64url');
  await deps.db.insert(ssoHandoffs).values({
    codeHash: hash(code),
    provider: provider.id,
    issuer: identity.issuer,
    subject: identity.subject,
    userId,
    claims: { email: identity.email ?? '', firstname: identity.firstname, name: identity.name },
    idToken: identity.idToken ?? null,
    expiresAt: new Date(deps.clock.now().getTime() + HANDOFF_SECONDS * 1000),
  });
  return code;
}

/** A hand-off still valid; `use` spends it (a code works once). */
async function takeHandoff(deps: Deps, code: string, use: boolean) {
  const where = and(
    eq(ssoHandoffs.codeHash, hash(code)),
    isNull(ssoHandoffs.usedAt),
    gt(ssoHandoffs.expiresAt, deps.clock.now()),
  );
  const [row] = use
    ? await deps.db.update(ssoHandoffs).set({ usedAt: deps.clock.now() }).where(where).returning()
    : await deps.db.select().from(ssoHandoffs).where(where);
  if (!row) throw failure();
  return row;
}

/** The same refusals as a password sign-in (SPEC §4, assertMaySignIn), then the session. */
async function signIn(deps: Deps, userId: string): Promise<{ auth: AuthData; email: string }> {
  await assertMaySignIn(deps, userId);
  const [user] = await deps.db.select().from(users).where(eq(users.id, userId));
  const placement = await placementState(deps.db, userId);
  return { auth: await issueAuthData(deps, user!, placement.testId), email: user!.email };
}

/** POST /sso/exchange. */
export async function exchange(
  deps: Deps,
  providers: SsoProviderConfig[],
  code: string,
): Promise<SsoExchangeAnswer> {
  const pending = await takeHandoff(deps, code, false);
  if (!pending.userId) {
    const provider = providers.find((p) => p.id === pending.provider);
    if (!provider) throw failure();
    return {
      kind: 'signup',
      provider: pending.provider,
      email: pending.claims.email,
      firstname: pending.claims.firstname,
      name: pending.claims.name,
      semesters: await semestersOffered(
        deps.db,
        provider.companyId,
        today(deps.clock, deps.config.TZ_DISPLAY),
      ),
    };
  }
  const row = await takeHandoff(deps, code, true);
  return {
    kind: 'signedIn',
    provider: row.provider,
    idToken: row.idToken,
    ...(await signIn(deps, row.userId!)),
  };
}

/**
 * POST /sso/signup: a first sign-in finished — the learner in the provider's company, with the
 * names and address the school gave and the semester chosen; no password (the school signs them in).
 */
export async function signUpBySso(
  deps: Deps,
  providers: SsoProviderConfig[],
  code: string,
  semester: number,
): Promise<SsoExchangeAnswer> {
  const pending = await takeHandoff(deps, code, false);
  const provider = providers.find((p) => p.id === pending.provider);
  if (!provider || pending.userId) throw failure();
  const offered = await semestersOffered(
    deps.db,
    provider.companyId,
    today(deps.clock, deps.config.TZ_DISPLAY),
  );
  if (!offered.includes(semester)) {
    throw new AppError(ErrorCode.VALIDATION, messages.signup.failure, {
      semester: messages.signup.noSemester,
    });
  }
  const row = await takeHandoff(deps, code, true);
  const userId = await inTransaction(deps.db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: row.claims.email,
        passwordHash: null,
        firstname: row.claims.firstname || row.claims.email.split('@')[0]!,
        name: row.claims.name || '-',
        companyId: provider.companyId,
        semester,
        placementtest: !deps.config.placementExemptCompanies.includes(provider.companyId),
        // The school has verified the address: no confirmation e-mail.
        isVerified: true,
      })
      .returning({ id: users.id });
    await tx.insert(userIdentities).values({ issuer: row.issuer, subject: row.subject, userId: user!.id });
    if (deps.config.placementExemptCompanies.includes(provider.companyId)) {
      await associateByLevel(tx, { companyId: provider.companyId, userId: user!.id, semester, level: 1 });
    }
    return user!.id;
  });
  return { kind: 'signedIn', provider: row.provider, idToken: row.idToken, ...(await signIn(deps, userId)) };
}
