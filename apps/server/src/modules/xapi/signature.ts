import { verify, X509Certificate } from 'node:crypto';
import { isDeepStrictEqual } from 'node:util';
import { StatementError } from './statement-rules.js';
import type { Json } from './json.js';

export const SIGNATURE_USAGE = 'http://adlnet.gov/expapi/attachments/signature';

const HASH_OF_ALGORITHM: Record<string, string> = { RS256: 'sha256', RS384: 'sha384', RS512: 'sha512' };

/**
 * Properties the store sets or may set after the signer signed (xAPI 1.0.3 §2.6): when the
 * signed payload leaves them out, the statement may carry them; when the payload has them, they
 * must match like any other.
 */
const SET_AFTER_SIGNING = ['id', 'authority', 'stored', 'version', 'timestamp'];

/**
 * Checks a signed statement's JWS (xAPI 1.0.3 §2.6, RFC 7515 compact serialization): RS256,
 * RS384 or RS512; a payload that is the statement as sent without its attachments; and, when the
 * header carries an X.509 chain (x5c), a signature that its first certificate verifies. Without
 * x5c the store has no key to check the signature with (the standard leaves trust to the reader),
 * so it checks the form and the payload only. Throws a StatementError naming what is wrong.
 */
export function verifySignedStatement(statement: Json, jws: Buffer): void {
  const pieces = jws.toString('latin1').trim().split('.');
  if (pieces.length !== 3 || pieces.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)) || !pieces[0] || !pieces[1]) {
    throw new StatementError('the signature is not a JWS in compact serialization');
  }
  const [encodedHeader, encodedPayload, encodedSignature] = pieces as [string, string, string];
  const header = decodeJson(encodedHeader, 'header');
  const algorithm = typeof header.alg === 'string' ? header.alg : '';
  const hash = HASH_OF_ALGORITHM[algorithm];
  if (!hash)
    throw new StatementError(`the signature's algorithm must be RS256, RS384 or RS512, not '${algorithm}'`);
  const payload = decodeJson(encodedPayload, 'payload');
  if (!matchesStatement(payload, statement)) {
    throw new StatementError('the signed payload differs from the statement');
  }
  if (header.x5c !== undefined) {
    const key = certificateKey(header.x5c);
    const valid = verify(
      hash,
      Buffer.from(`${encodedHeader}.${encodedPayload}`),
      key,
      Buffer.from(encodedSignature, 'base64url'),
    );
    if (!valid) throw new StatementError("the signature does not verify with its certificate's key");
  }
}

function decodeJson(encoded: string, what: string): Json {
  let value: unknown;
  try {
    value = JSON.parse(Buffer.from(encoded, 'base64url').toString('utf8'));
  } catch {
    throw new StatementError(`the signature's ${what} is not JSON`);
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new StatementError(`the signature's ${what} is not a JSON object`);
  }
  return value as Json;
}

function certificateKey(x5c: unknown) {
  if (!Array.isArray(x5c) || typeof x5c[0] !== 'string') {
    throw new StatementError('the signature header x5c must be an array of certificates');
  }
  try {
    const certificate = new X509Certificate(Buffer.from(x5c[0], 'base64'));
    const key = certificate.publicKey;
    if (key.asymmetricKeyType !== 'rsa') throw new Error('not RSA');
    return key;
  } catch {
    throw new StatementError("the signature's x5c certificate is not an RSA X.509 certificate");
  }
}

/** Seconds of a duration to the hundredth, cut (not rounded): `PT1.23456S` → `PT1.23S`. */
const hundredths = (duration: unknown) =>
  typeof duration === 'string' ? duration.replace(/(\.\d{2})\d+S$/, '$1S') : duration;

/**
 * A statement as compared: durations beyond the hundredth of a second do not count (xAPI 2.0
 * §4.2.7; a store may keep fewer digits than the signer wrote).
 */
function comparable(statement: Json): Json {
  const out: Json = { ...statement };
  const result = statement.result as Json | undefined;
  if (result?.duration !== undefined) out.result = { ...result, duration: hundredths(result.duration) };
  const object = statement.object as Json | undefined;
  if (object?.objectType === 'SubStatement') out.object = comparable(object);
  return out;
}

function matchesStatement(payload: Json, statement: Json): boolean {
  const { attachments: _sent, ...sent } = comparable(statement);
  const { attachments: _signed, ...signed } = comparable(payload);
  for (const key of SET_AFTER_SIGNING) {
    if (signed[key] === undefined) delete sent[key];
  }
  return isDeepStrictEqual(sent, signed);
}
