/** SPEC §5: accepted endings of an account address. */
export const ACCOUNT_EMAIL_TLDS = ['fr', 'com', 'org', 'eu', 'net', 'bzh', 'education'] as const;
/** RFC 5321 limit of a forward path; longer input is refused before any rule runs. */
export const EMAIL_MAX_LENGTH = 254;

const accountEmailPattern = new RegExp(`^[^\\s@]{3,}@[^\\s@]{3,}\\.(?:${ACCOUNT_EMAIL_TLDS.join('|')})$`);

/** SPEC §5: "Email is lowercased and trimmed before sending." */
export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * SPEC §5 "Account email": at least 3 characters before @, a domain of at least 3 characters,
 * ending in fr, com, org, eu, net, bzh or education. Checked on the normalised address.
 */
export function isValidAccountEmail(email: string): boolean {
  const normalized = normalizeEmail(email);
  return normalized.length <= EMAIL_MAX_LENGTH && accountEmailPattern.test(normalized);
}

/**
 * SPEC §5 "Login email" / "Forgot password": addresses of the school identity-provider domain
 * must sign in through single sign-on. Subdomains of the blocked domain are blocked too.
 */
export function isSsoBlockedEmail(email: string, blockedDomain: string | undefined): boolean {
  if (!blockedDomain) return false;
  // After the last @: 'a@school.fr@evil.org' is not the school's.
  const normalized = normalizeEmail(email);
  const domain = normalized.slice(normalized.lastIndexOf('@') + 1);
  const blocked = blockedDomain.trim().toLowerCase();
  return domain === blocked || domain.endsWith(`.${blocked}`);
}

/**
 * Issue 32: the addresses that must sign in through a school — the blocked domain and every
 * configured provider's — are never registered with a password (an account squatted before the
 * school's first sign-on would be the squatter's way in).
 */
export function isSchoolSignOnEmail(email: string, domains: readonly string[]): boolean {
  return domains.some((domain) => isSsoBlockedEmail(email, domain));
}
