import argon2 from 'argon2';

/**
 * argon2id with OWASP's recommended floor (19 MiB, 2 passes, 1 lane). The library default
 * (64 MiB, 3 passes, 4 lanes) allowed only ~10 logins per second on a 2-core machine, too few for
 * a class signing in at the start of an exam; these settings allow several times more (bench/).
 * Stored hashes carry their own parameters, so changing them later keeps old passwords valid.
 */
const ARGON2_OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, ARGON2_OPTIONS);
}

// Verified when the e-mail is unknown, so that a wrong address takes as long as a wrong password.
let dummyHash: Promise<string> | undefined;

export async function verifyPassword(hash: string | null | undefined, password: string): Promise<boolean> {
  if (!hash) {
    dummyHash ??= hashPassword('not-a-real-password-0A');
    await argon2.verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
