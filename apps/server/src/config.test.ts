import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

describe('configuration', () => {
  it('has the DEMO.md defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      PORT: 3000,
      HOST: '127.0.0.1',
      DATA_DIR: './data',
      DEMO_SEED: true,
      MAINTENANCE_FROM: '2025-08-01',
      MAINTENANCE_TO: '2025-08-13',
      HOLIDAY_FROM: '2022-12-23',
      HOLIDAY_TO: '2023-01-02',
      SSO_BLOCKED_DOMAIN: 'etu.demo-univ.fr',
      TZ_DISPLAY: 'Europe/Paris',
      trustProxy: false,
    });
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.placementExemptCompanies).toEqual(['6f1c2a53-1b7e-4d0c-9a51-2f6d7a8b9c02']);
  });

  it('treats empty values as unset and refuses bad ones with the variable named', () => {
    expect(loadConfig({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
    expect(() => loadConfig({ PORT: 'abc' })).toThrow(/PORT/);
    expect(() => loadConfig({ MAINTENANCE_FROM: '01/08/2025' })).toThrow(/MAINTENANCE_FROM/);
  });

  it('reads TRUST_PROXY as a flag, a hop count or a list of proxies', () => {
    expect(loadConfig({ TRUST_PROXY: 'true' }).trustProxy).toBe(true);
    const hops = loadConfig({ TRUST_PROXY: '2' }).trustProxy as (a: string, hop: number) => boolean;
    expect([hops('x', 0), hops('x', 1), hops('x', 2)]).toEqual([true, true, false]);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 127.0.0.1' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
    ]);
  });

  it('never lets the test clock run in production', () => {
    expect(loadConfig({}).TEST_CLOCK).toBe(false);
    expect(loadConfig({ TEST_CLOCK: '1' }).TEST_CLOCK).toBe(true);
    expect(() => loadConfig({ TEST_CLOCK: '1', NODE_ENV: 'production' })).toThrow(/TEST_CLOCK/);
  });

  it('leaves the demo identity provider and the exam simulator out of production unless asked for', () => {
    expect(loadConfig({})).toMatchObject({ DEMO_IDP: true, EVALUO_SIMULATOR: true });
    expect(loadConfig({ NODE_ENV: 'production' })).toMatchObject({
      DEMO_IDP: false,
      EVALUO_SIMULATOR: false,
    });
    expect(loadConfig({ NODE_ENV: 'production', DEMO_IDP: '1', EVALUO_SIMULATOR: 'true' })).toMatchObject({
      DEMO_IDP: true,
      EVALUO_SIMULATOR: true,
    });
    expect(loadConfig({ DEMO_IDP: '0', EVALUO_SIMULATOR: '' })).toMatchObject({
      DEMO_IDP: false,
      EVALUO_SIMULATOR: true,
    });
    expect(() => loadConfig({ DEMO_IDP: 'yes' })).toThrow(/DEMO_IDP/);
  });
});
