import { describe, expect, it } from 'vitest';
import { parseSsoProviders, schoolSignOnDomains } from './sso-providers.js';

const provider = (id: string, companyId: string, domain: string) => ({
  id,
  issuer: `https://idp.${id}.example/`,
  clientId: 'medenglish',
  clientSecret: 'secret',
  label: id,
  companyId,
  domain,
});
const A = '11111111-1111-4111-8111-111111111111';
const B = '22222222-2222-4222-8222-222222222222';

/** Issue 32: a provider's domain is what it speaks for, so it must be one school's host name. */
describe('SSO_PROVIDERS', () => {
  it('takes host names of two labels or more, lower-cased', () => {
    const [p] = parseSsoProviders(JSON.stringify([provider('fac', A, ' Etu.Univ.FR ')]))!;
    expect(p!.domain).toBe('etu.univ.fr');
  });

  it('refuses a domain that is a top-level domain, an address, or ends with a dot', () => {
    for (const domain of ['com', '@etu.univ.fr', 'etu.univ.fr.', 'etu univ.fr', ''])
      expect(() => parseSsoProviders(JSON.stringify([provider('fac', A, domain)])), domain).toThrow();
  });

  it("refuses two companies' providers whose domains overlap, and allows one company's", () => {
    const overlapping = [provider('univ', A, 'univ.fr'), provider('med', B, 'med.univ.fr')];
    expect(() => parseSsoProviders(JSON.stringify(overlapping))).toThrow(/share addresses/);
    const same = [provider('univ', A, 'univ.fr'), provider('med', A, 'med.univ.fr')];
    expect(parseSsoProviders(JSON.stringify(same))).toHaveLength(2);
    const apart = [provider('univ', A, 'univ.fr'), provider('autre', B, 'notuniv.fr')];
    expect(parseSsoProviders(JSON.stringify(apart))).toHaveLength(2);
  });

  it("lists every domain that signs in through a school: the blocked one and each provider's", () => {
    const SSO_PROVIDERS = JSON.stringify([
      provider('fac', A, 'etu.univ.fr'),
      provider('cli', B, 'clinique.fr'),
    ]);
    expect(
      schoolSignOnDomains({ SSO_BLOCKED_DOMAIN: 'etu.demo-univ.fr', SSO_PROVIDERS, DEMO_IDP: true }),
    ).toEqual(['etu.demo-univ.fr', 'etu.univ.fr', 'clinique.fr']);
    // Without providers, the demo school's domain only where its provider is mounted.
    expect(schoolSignOnDomains({ SSO_BLOCKED_DOMAIN: '', DEMO_IDP: true })).toEqual(['etu.demo-univ.fr']);
    expect(schoolSignOnDomains({ SSO_BLOCKED_DOMAIN: '', DEMO_IDP: false })).toEqual([]);
  });
});
