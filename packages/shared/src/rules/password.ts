/** SPEC §9: password minimum 8 characters. */
export const PASSWORD_MIN_LENGTH = 8;
/** Not in the spec: a ceiling so that nobody can make the server hash megabytes. */
export const PASSWORD_MAX_LENGTH = 128;

/**
 * SPEC §5 "New password": at least 8 characters with a digit, a lowercase and an uppercase
 * letter (Unicode letters count, so "Médecin2026" is fine).
 */
export function isValidPassword(password: string): boolean {
  return (
    password.length >= PASSWORD_MIN_LENGTH &&
    password.length <= PASSWORD_MAX_LENGTH &&
    /\p{Nd}/u.test(password) &&
    /\p{Ll}/u.test(password) &&
    /\p{Lu}/u.test(password)
  );
}
