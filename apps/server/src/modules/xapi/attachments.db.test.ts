import { createHash, createSign, randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../../test/test-app.js';
import { TEST_SIGNER_KEY } from '../../test/xapi-signer.js';

const ADMIN = `Basic ${Buffer.from('reports:a-secret-of-sixteen-chars').toString('base64')}`;
const SIGNATURE = 'http://adlnet.gov/expapi/attachments/signature';
const sha256 = (data: Buffer) => createHash('sha256').update(data).digest('hex');

const statement = (id = randomUUID()) => ({
  id,
  actor: { mbox: 'mailto:attachments@example.org' },
  verb: { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } },
  object: { id: 'https://example.org/activities/attachments' },
});
const attachment = (body: Buffer, extra: Record<string, unknown> = {}) => ({
  usageType: 'https://example.org/usage/certificate',
  display: { 'en-US': 'certificate' },
  contentType: 'application/pdf',
  length: body.length,
  sha2: sha256(body),
  ...extra,
});

/** A multipart/mixed request body as the ADL suite and xAPI clients write it. */
function multipart(json: unknown, bodies: { body: Buffer; headers?: Record<string, string> }[]) {
  const boundary = `----test${randomUUID()}`;
  const chunks: Buffer[] = [
    Buffer.from(`--${boundary}\r\nContent-Type:application/json\r\n\r\n${JSON.stringify(json)}`),
  ];
  for (const { body, headers } of bodies) {
    const head = {
      'Content-Type': 'application/octet-stream',
      'Content-Transfer-Encoding': 'binary',
      'X-Experience-API-Hash': sha256(body),
      ...headers,
    };
    const lines = Object.entries(head).map(([k, v]) => `${k}: ${v}\r\n`);
    chunks.push(Buffer.from(`\r\n--${boundary}\r\n${lines.join('')}\r\n`), body);
  }
  chunks.push(Buffer.from(`\r\n--${boundary}--`));
  return { payload: Buffer.concat(chunks), contentType: `multipart/mixed; boundary=${boundary}` };
}

function jws(payload: unknown, alg = 'RS256') {
  const encode = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const input = `${encode({ alg })}.${encode(payload)}`;
  const signature = createSign(`sha${alg.slice(2)}`)
    .update(input)
    .sign(TEST_SIGNER_KEY)
    .toString('base64url');
  return Buffer.from(`${input}.${signature}`);
}

/** Statements with attachment bodies (multipart/mixed), signed statements, attachments=true. */
describe('learning record store attachments (issue 18)', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext({ config: { XAPI_BASIC_AUTH: 'reports:a-secret-of-sixteen-chars' } });
  });
  afterAll(() => ctx.close());

  const send = (
    method: 'POST' | 'PUT' | 'GET',
    path: string,
    body?: { payload: Buffer; contentType: string },
  ) =>
    ctx.app.inject({
      method,
      url: `/api/xapi${path}`,
      headers: {
        authorization: ADMIN,
        'x-experience-api-version': '1.0.3',
        ...(body ? { 'content-type': body.contentType } : {}),
      },
      ...(body ? { payload: body.payload } : {}),
    });

  it('stores statements sent with their attachment bodies and returns both with attachments=true', async () => {
    const pdf = Buffer.concat([Buffer.from('%PDF-1.7\r\n--'), Buffer.from([0, 255, 13, 10])]);
    const s = { ...statement(), attachments: [attachment(pdf)] };
    const posted = await send('POST', '/statements', multipart([s], [{ body: pdf }]));
    expect(posted.statusCode).toBe(200);
    expect(posted.json()).toEqual([s.id]);

    // Without attachments=true the answer is the plain JSON.
    const plain = await send('GET', `/statements?statementId=${s.id}`);
    expect(plain.headers['content-type']).toMatch(/^application\/json/);
    expect(plain.json().attachments[0].sha2).toBe(sha256(pdf));

    const full = await send('GET', `/statements?statementId=${s.id}&attachments=true`);
    expect(full.statusCode).toBe(200);
    const boundary = /boundary=([^;]+)/.exec(full.headers['content-type'] as string)?.[1];
    expect(full.headers['content-type']).toMatch(/^multipart\/mixed/);
    const parts = full.rawPayload.toString('latin1').split(`--${boundary}`);
    expect(parts).toHaveLength(4); // '', the statement, the body, '--' closing
    expect(parts[1]).toContain('Content-Type: application/json');
    expect(JSON.parse(parts[1]!.split('\r\n\r\n')[1]!).id).toBe(s.id);
    expect(parts[2]).toContain(`X-Experience-API-Hash: ${sha256(pdf)}`);
    expect(parts[2]).toContain('Content-Type: application/pdf');
    const body = Buffer.from(parts[2]!.split('\r\n\r\n').slice(1).join('\r\n\r\n').slice(0, -2), 'latin1');
    expect(body.equals(pdf)).toBe(true);

    // A page of statements carries the bodies its statements name, each once.
    const again = { ...statement(), attachments: [attachment(pdf)] };
    expect(
      (await send('PUT', `/statements?statementId=${again.id}`, multipart(again, [{ body: pdf }])))
        .statusCode,
    ).toBe(204);
    const page = await send(
      'GET',
      '/statements?agent=' + encodeURIComponent(JSON.stringify(s.actor)) + '&attachments=true',
    );
    const text = page.rawPayload.toString('latin1');
    expect(text.split(`X-Experience-API-Hash: ${sha256(pdf)}`)).toHaveLength(2);
    expect(text).toContain(again.id);

    // The body is kept in the file store, privately (never served by /media without a signature).
    expect(await ctx.storage.exists(`xapi/attachments/${sha256(pdf)}`)).toBe(true);
    const media = await ctx.app.inject({ method: 'GET', url: `/media/xapi/attachments/${sha256(pdf)}` });
    expect(media.statusCode).toBe(403);
  });

  it('refuses with 400 a missing part, a hash that differs, an extra part and a malformed body', async () => {
    const text = Buffer.from('a transcript');
    const s = () => ({ ...statement(), attachments: [attachment(text)] });
    const cases: [string, { payload: Buffer; contentType: string }][] = [
      [
        'JSON without the body',
        { payload: Buffer.from(JSON.stringify(s())), contentType: 'application/json' },
      ],
      ['missing part', multipart(s(), [])],
      [
        'hash mismatch',
        multipart(s(), [{ body: text, headers: { 'X-Experience-API-Hash': sha256(Buffer.from('x')) } }]),
      ],
      ['extra part', multipart(s(), [{ body: text }, { body: Buffer.from('extra') }])],
      ['no boundary', { payload: multipart(s(), [{ body: text }]).payload, contentType: 'multipart/mixed' }],
      [
        'statements not JSON first',
        {
          payload: Buffer.from('--b\r\nContent-Type: text/plain\r\n\r\n{}\r\n--b--'),
          contentType: 'multipart/mixed; boundary=b',
        },
      ],
      [
        'truncated',
        {
          payload: Buffer.from('--b\r\nContent-Type: application/json\r\n\r\n{}'),
          contentType: 'multipart/mixed; boundary=b',
        },
      ],
    ];
    for (const [name, body] of cases) {
      const res = await send('POST', '/statements', body);
      expect({ name, status: res.statusCode }).toEqual({ name, status: 400 });
      expect(res.json().error.message).toMatch(/^Invalid xAPI request: /);
    }
    // Nothing of a refused request is stored.
    const refused = s();
    await send('POST', '/statements', multipart(refused, []));
    expect((await send('GET', `/statements?statementId=${refused.id}`)).statusCode).toBe(404);
  });

  it('accepts a statement signed with RS256, RS384 or RS512 and refuses a bad signature with its reason', async () => {
    for (const alg of ['RS256', 'RS384', 'RS512']) {
      const s = statement();
      const signature = jws(s, alg);
      const signed = {
        ...s,
        attachments: [
          attachment(signature, { usageType: SIGNATURE, contentType: 'application/octet-stream' }),
        ],
      };
      const res = await send('POST', '/statements', multipart(signed, [{ body: signature }]));
      expect({ alg, status: res.statusCode }).toEqual({ alg, status: 200 });
    }
    const s = statement();
    const forged = jws({ ...s, verb: { id: 'http://adlnet.gov/expapi/verbs/passed' } });
    const signed = {
      ...s,
      attachments: [attachment(forged, { usageType: SIGNATURE, contentType: 'application/octet-stream' })],
    };
    const res = await send('POST', '/statements', multipart(signed, [{ body: forged }]));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toContain('the signed payload differs from the statement');
    expect((await send('GET', `/statements?statementId=${s.id}`)).statusCode).toBe(404);
  });

  it('refuses a body past the attachments cap with 413, not a 500', async () => {
    const big = Buffer.alloc(16 * 1024 * 1024 + 1, 1);
    const res = await send('POST', '/statements', multipart(statement(), [{ body: big }]));
    expect(res.statusCode).toBe(413);
  });
});
