/** What other modules may use of sign-in: tokens for a user who has proved who they are. */
export { assertMaySignIn, issueAuthData, placementState } from './login.service.js';
export { hashPassword } from './passwords.js';
export { passwordProblem } from './password-strength.js';
export { registerPasswordResetJob } from './password-reset.service.js';
export type { AccessClaims } from './access-tokens.js';
export { signedAtMs, type SessionRevocations } from './session-revocations.js';
