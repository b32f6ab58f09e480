import { createHash, createSign, generateKeyPairSync, X509Certificate } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { TEST_SIGNER_CERTIFICATE, TEST_SIGNER_KEY } from '../../test/xapi-signer.js';
import { matchAttachments } from './attachment-rules.js';
import { boundaryOf, parseMultipart, writeMultipart, type Part } from './multipart.js';
import { SIGNATURE_USAGE, verifySignedStatement } from './signature.js';
import { StatementError } from './statement-rules.js';

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest('hex');
const CRLF = '\r\n';

const statement = () => ({
  id: '0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9',
  actor: { mbox: 'mailto:signer@example.org' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { id: 'https://example.org/activities/signed' },
});

const b64url = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

/** A compact JWS of the payload, signed with RSA (the suite's and a client's way). */
function jws(
  payload: unknown,
  options: { alg?: string; key?: string; header?: Record<string, unknown> } = {},
) {
  const alg = options.alg ?? 'RS256';
  const input = `${b64url({ alg, ...options.header })}.${b64url(payload)}`;
  const signer = createSign(`sha${alg.slice(2)}`);
  signer.update(input);
  return Buffer.from(`${input}.${signer.sign(options.key ?? TEST_SIGNER_KEY).toString('base64url')}`);
}

const attachment = (body: Buffer, extra: Record<string, unknown> = {}) => ({
  usageType: 'https://example.org/usage/certificate',
  display: { 'en-US': 'certificate' },
  contentType: 'text/plain',
  length: body.length,
  sha2: sha256(body),
  ...extra,
});
const part = (body: Buffer, headers: Record<string, string> = {}): Part => ({
  headers: {
    'content-type': 'text/plain',
    'content-transfer-encoding': 'binary',
    'x-experience-api-hash': sha256(body),
    ...headers,
  },
  body,
});

/** The reason a rule refuses, or null when it accepts. */
function refusal(check: () => unknown): string | null {
  try {
    check();
    return null;
  } catch (error) {
    if (error instanceof StatementError) return error.message;
    throw error;
  }
}

describe('multipart/mixed parsing (xAPI 1.0.3 §1.5.2)', () => {
  const body = (boundary: string, ...parts: string[]) =>
    Buffer.from(parts.map((p) => `--${boundary}${CRLF}${p}${CRLF}`).join('') + `--${boundary}--`);

  it('reads the boundary, quoted or not, and refuses a Content-Type without one', () => {
    expect(boundaryOf('multipart/mixed; boundary=abc123')).toBe('abc123');
    expect(boundaryOf('multipart/mixed;boundary="a b:c"; charset=utf-8')).toBe('a b:c');
    expect(refusal(() => boundaryOf('multipart/mixed'))).toContain('boundary');
    expect(refusal(() => boundaryOf(`multipart/mixed; boundary=${'x'.repeat(71)}`))).toContain('boundary');
  });

  it('splits the parts, with a preamble, headers without a space, binary bodies and an epilogue', () => {
    const binary = Buffer.from([0, 13, 10, 45, 45, 255, 13, 10]);
    const raw = Buffer.concat([
      Buffer.from(`ignored preamble${CRLF}--b1${CRLF}Content-Type:application/json${CRLF}${CRLF}{"a":1}`),
      Buffer.from(`${CRLF}--b1${CRLF}X-Experience-API-Hash: ${sha256(binary)}${CRLF}${CRLF}`),
      binary,
      Buffer.from(`${CRLF}--b1--${CRLF}epilogue`),
    ]);
    const parts = parseMultipart(raw, 'b1');
    expect(parts).toHaveLength(2);
    expect(parts[0]!.headers['content-type']).toBe('application/json');
    expect(parts[0]!.body.toString()).toBe('{"a":1}');
    expect(parts[1]!.headers['x-experience-api-hash']).toBe(sha256(binary));
    expect(parts[1]!.body.equals(binary)).toBe(true);
  });

  it('refuses a body without its boundary, an unclosed body and a part without its header block', () => {
    expect(refusal(() => parseMultipart(body('other', 'Content-Type: a/b\r\n\r\nx'), 'b1'))).toContain(
      'does not contain its boundary',
    );
    expect(
      refusal(() => parseMultipart(Buffer.from(`--b1${CRLF}Content-Type: a/b${CRLF}${CRLF}x`), 'b1')),
    ).toContain('not closed');
    expect(refusal(() => parseMultipart(body('b1', 'no blank line after this header'), 'b1'))).toContain(
      'header',
    );
    expect(refusal(() => parseMultipart(Buffer.from(`x--b1${CRLF}${CRLF}x${CRLF}--b1--`), 'b1'))).toContain(
      'boundary',
    );
  });

  it('writes what it reads back', () => {
    const parts: Part[] = [
      { headers: { 'content-type': 'application/json' }, body: Buffer.from('{}') },
      part(Buffer.from('hello')),
    ];
    const written = writeMultipart(parts);
    const again = parseMultipart(written.body, boundaryOf(written.contentType));
    expect(again.map((p) => p.body.toString())).toEqual(['{}', 'hello']);
    expect(again[1]!.headers['x-experience-api-hash']).toBe(sha256('hello'));
  });
});

describe('attachment parts matched by sha2 (xAPI 1.0.3 §2.4.11)', () => {
  const text = Buffer.from('certificate of completion');

  it('keeps a part whose hash matches an attachment, with the attachment content type', () => {
    const s = {
      ...statement(),
      attachments: [attachment(text, { contentType: 'text/plain; charset=utf-8' })],
    };
    const bodies = matchAttachments([s], [part(text)]);
    expect(bodies).toEqual([{ sha2: sha256(text), contentType: 'text/plain; charset=utf-8', body: text }]);
  });

  it('refuses a missing part, an extra part, a body that differs from its hash, and parts without their headers', () => {
    const s = { ...statement(), attachments: [attachment(text)] };
    expect(refusal(() => matchAttachments([s], []))).toContain('no multipart part carries');
    expect(refusal(() => matchAttachments([s], [part(text), part(Buffer.from('extra'))]))).toContain(
      'matches no attachment',
    );
    const tampered = part(Buffer.from('certificate of completioN'), {
      'x-experience-api-hash': sha256(text),
    });
    expect(refusal(() => matchAttachments([s], [tampered]))).toContain('does not match');
    const { 'x-experience-api-hash': _hash, ...noHash } = part(text).headers;
    expect(refusal(() => matchAttachments([s], [{ headers: noHash, body: text }]))).toContain(
      'X-Experience-API-Hash',
    );
    expect(
      refusal(() => matchAttachments([s], [part(text, { 'content-transfer-encoding': 'base64' })])),
    ).toContain('Content-Transfer-Encoding');
  });

  it('needs no part for an attachment with a fileUrl, and accepts SHA-384 and SHA-512 digests', () => {
    const remote = {
      ...statement(),
      attachments: [attachment(text, { fileUrl: 'https://example.org/c.pdf' })],
    };
    expect(matchAttachments([remote], [])).toEqual([]);
    const sha512 = createHash('sha512').update(text).digest('hex');
    const s = { ...statement(), attachments: [attachment(text, { sha2: sha512 })] };
    expect(matchAttachments([s], [part(text, { 'x-experience-api-hash': sha512 })])).toHaveLength(1);
  });

  it('keeps one body for two statements naming the same attachment', () => {
    const a = { ...statement(), attachments: [attachment(text)] };
    const b = { ...statement(), id: undefined, attachments: [attachment(text)] };
    expect(matchAttachments([a, b], [part(text)])).toHaveLength(1);
  });
});

describe('signed statements (xAPI 1.0.3 §2.6)', () => {
  const signed = (signature: Buffer, contentType = 'application/octet-stream') => ({
    ...statement(),
    attachments: [attachment(signature, { usageType: SIGNATURE_USAGE, contentType })],
  });
  const sigPart = (signature: Buffer) => part(signature, { 'content-type': 'application/octet-stream' });

  it('accepts RS256, RS384 and RS512 signatures of the statement as sent', () => {
    for (const alg of ['RS256', 'RS384', 'RS512']) {
      const signature = jws(statement(), { alg });
      expect(refusal(() => matchAttachments([signed(signature)], [sigPart(signature)]))).toBeNull();
    }
  });

  it('verifies the signature with the x5c certificate when the header carries one', () => {
    const x5c = [new X509Certificate(TEST_SIGNER_CERTIFICATE).raw.toString('base64')];
    expect(
      refusal(() => verifySignedStatement(statement(), jws(statement(), { header: { x5c } }))),
    ).toBeNull();
    const other = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({
      type: 'pkcs8',
      format: 'pem',
    }) as string;
    expect(
      refusal(() => verifySignedStatement(statement(), jws(statement(), { header: { x5c }, key: other }))),
    ).toContain('does not verify');
    expect(
      refusal(() =>
        verifySignedStatement(statement(), jws(statement(), { header: { x5c: ['bm90IGEgY2VydA=='] } })),
      ),
    ).toContain('certificate');
  });

  it('refuses a payload that differs from the statement, another algorithm, a broken JWS and a wrong content type', () => {
    const changed = jws({ ...statement(), verb: { id: 'http://adlnet.gov/expapi/verbs/failed' } });
    expect(refusal(() => verifySignedStatement(statement(), changed))).toContain('differs');
    const input = `${b64url({ alg: 'HS256' })}.${b64url(statement())}`;
    expect(refusal(() => verifySignedStatement(statement(), Buffer.from(`${input}.c2ln`)))).toContain(
      'RS256',
    );
    expect(refusal(() => verifySignedStatement(statement(), Buffer.from('not.a-jws')))).toContain('compact');
    const notJson = Buffer.from(
      `${b64url({ alg: 'RS256' })}.${Buffer.from("{'a':1}").toString('base64url')}.c2ln`,
    );
    expect(refusal(() => verifySignedStatement(statement(), notJson))).toContain('not JSON');
    const signature = jws(statement());
    expect(
      refusal(() => matchAttachments([signed(signature, 'text/plain')], [sigPart(signature)])),
    ).toContain('application/octet-stream');
    expect(refusal(() => matchAttachments([signed(signature)], []))).toContain('no multipart part carries');
  });

  it('compares durations to the hundredth of a second only (xAPI 2.0 §4.2.7)', () => {
    const timed = (duration: string) => ({ ...statement(), result: { duration } });
    expect(refusal(() => verifySignedStatement(timed('PT1.23S'), jws(timed('PT1.23456S'))))).toBeNull();
    expect(refusal(() => verifySignedStatement(timed('PT1.24S'), jws(timed('PT1.23456S'))))).toContain(
      'differs',
    );
  });

  it('lets the store add what is set after signing (id, stored, authority) when the payload leaves it out', () => {
    const { id: _id, ...withoutId } = statement();
    expect(refusal(() => verifySignedStatement(statement(), jws(withoutId)))).toBeNull();
    const otherId = jws({ ...statement(), id: '11111111-1111-4111-8111-111111111111' });
    expect(refusal(() => verifySignedStatement(statement(), otherId))).toContain('differs');
  });
});
