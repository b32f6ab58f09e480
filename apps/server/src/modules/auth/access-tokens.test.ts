import { SignJWT } from 'jose';
import { describe, expect, it } from 'vitest';
import { fixedClock } from '../../lib/clock.js';
import { createAccessTokens } from './access-tokens.js';

const secret = new TextEncoder().encode('a-test-signing-key-of-at-least-32-characters');
const claims = {
  sub: '00000000-0000-4000-8000-000000000001',
  cid: '00000000-0000-4000-8000-000000000002',
  rol: 'learner',
};

describe('access tokens', () => {
  it('accepts the tokens it signs', async () => {
    const tokens = await createAccessTokens(secret, 15, fixedClock(new Date()));
    const token = await tokens.sign({ userId: claims.sub, companyId: claims.cid, role: 'learner' });
    expect(await tokens.verify(token)).toEqual({
      userId: claims.sub,
      companyId: claims.cid,
      role: 'learner',
    });
  });

  it('refuses a token without an expiry, even signed with the right key (issue 20)', async () => {
    const tokens = await createAccessTokens(secret, 15, fixedClock(new Date()));
    const forever = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuedAt().sign(secret);
    expect(await tokens.verify(forever)).toBeNull();
    const dated = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(secret);
    expect(await tokens.verify(dated)).not.toBeNull();
  });
});
