import { createHash, randomBytes } from 'node:crypto';
import { and, eq, gt, isNull } from 'drizzle-orm';
import {
  ErrorCode,
  isSsoBlockedEmail,
  messages,
  nameFromProvider,
  type AuthData,
  type SsoExchangeAnswer,
  type SsoSignupBody,
} from '@medenglish/shared';
import { ssoHandoffs, userIdentities, users } from '../../db/schema.js';
import type { Executor } from '../../db/client.js';
import { inTransaction } from '../../db/transactions.js';
import type { Deps } from '../../deps.js';
import { AppError, isUniqueViolation } from '../../lib/app-error.js';
import { today } from '../../lib/clock.js';
import type { SsoIdentity } from '../../integrations/sso/oidc-client.js';
import type { SsoProviderConfig } from '../../integrations/sso/sso-providers.js';
import { assertMaySignIn, issueAuthData, placementState } from '../auth/index.js';
import { semestersOffered } from '../companies/index.js';
import { associateByLevel } from '../groups/index.js';
import { HANDOFF_SECONDS } from './handoff-cookie.js';

const hash = (code: string) => createHash('sha256').update(code).digest('base64url');
/** The one refusal a learner sees: '{portal} : Connexion impossible'. */
export const failure = () =>
  new AppError(ErrorCode.INVALID_CREDENTIALS, messages.login.ssoFailure(messages.login.ssoPortal));

/** Why a provider's identity may not sign in (logged; the learner only sees 'Connexion impossible'). */
export class SsoRefused extends Error {}

/**
 * After the provider's callback: the user keyed on issuer + subject; else the account with the
 * address the provider vouches for, linked — but a school's provider speaks for its own school
 * only (issue 32): the address must be in the provider's domain, the account a learner of the
 * provider's company whose own address was confirmed. A staff or admin account is never linked
 * automatically, and linking ends the account's other sessions (someone who registered the
 * address before its owner keeps no way in). No account: a first sign-in, finished by the
 * semester, names and consent. Answers the one-time code the browser trades at POST /sso/exchange.
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
    if (known) {
      // A link made before these rules, or an account since made staff or moved, is checked too.
      await assertLinkable(tx, provider, known.userId, { confirmed: false });
      return known.userId;
    }
    if (!identity.email || !identity.emailVerified) throw new SsoRefused('no verified address');
    if (!SINGLE_ADDRESS.test(identity.email)) throw new SsoRefused('not a single e-mail address');
    if (!isSsoBlockedEmail(identity.email, provider.domain)) {
      throw new SsoRefused(`an address outside the provider's domain (${provider.id})`);
    }
    const [account] = await tx.select({ id: users.id }).from(users).where(eq(users.email, identity.email));
    if (!account) return null;
    await assertLinkable(tx, provider, account.id, { confirmed: true });
    await tx
      .insert(userIdentities)
      .values({ issuer: identity.issuer, subject: identity.subject, userId: account.id });
    await deps.refreshTokens.revokeAllOf(tx, account.id);
    return account.id;
  });
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

const SINGLE_ADDRESS = /^[^\s@]+@[^\s@]+$/;

/**
 * Whom a provider may sign in to: a learner of its own company — never staff or the admin —
 * whose address, for a link made now, was confirmed (an unconfirmed account may be that of
 * someone who registered the address before its owner).
 */
async function assertLinkable(
  tx: Executor,
  provider: SsoProviderConfig,
  userId: string,
  need: { confirmed: boolean },
): Promise<void> {
  const [account] = await tx
    .select({ companyId: users.companyId, role: users.role, isVerified: users.isVerified })
    .from(users)
    .where(eq(users.id, userId));
  if (!account) throw new SsoRefused('no such account');
  if (account.companyId !== provider.companyId) throw new SsoRefused('an account of another company');
  if (account.role !== 'learner') throw new SsoRefused('a staff account (never signed in by a provider)');
  if (need.confirmed && !account.isVerified) {
    throw new SsoRefused('an account whose address was never confirmed');
  }
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
      // Suggestions for the form, cleaned to SPEC §5: the school's directory is not trusted with markup.
      firstname: nameFromProvider(pending.claims.firstname),
      name: nameFromProvider(pending.claims.name),
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
  body: SsoSignupBody,
): Promise<SsoExchangeAnswer> {
  const { code, semester } = body;
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
  const create = inTransaction(deps.db, async (tx) => {
    const [user] = await tx
      .insert(users)
      .values({
        email: row.claims.email,
        passwordHash: null,
        // Checked by the body's schema (SPEC §5), as password sign-up checks them.
        firstname: body.firstname,
        name: body.name,
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
  // An account registered with the address meanwhile: the school's sign-on never takes it over.
  const userId = await create.catch((error: unknown) => {
    throw isUniqueViolation(error) ? failure() : error;
  });
  return { kind: 'signedIn', provider: row.provider, idToken: row.idToken, ...(await signIn(deps, userId)) };
}
