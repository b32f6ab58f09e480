import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatDateTime, zonePeriods } from '@medenglish/shared';
import { groupsQuery } from '../api/groups';
import { publicConfigQuery } from '../api/public-config';
import { userQuery } from '../api/user';
import { takeStartupResponse } from '../lib/startup-responses';
import { learner, signIn } from '../test/learner';
import { stubApi } from '../test/stub-api';
import { createQueryClient } from './query-client';
import { prefetchSessionData, seedPublicData } from './startup-data';

function writeElement(id: string, json: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = id;
  element.textContent = json;
  document.body.append(element);
}

describe('the data the server wrote into the page', () => {
  beforeEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
  });
  afterEach(() => vi.unstubAllGlobals());

  it("seeds the login page's public configuration, and ignores an unreadable one", () => {
    const config = { maintenance: { active: false }, holiday: { active: false }, ssoProviders: [] };
    writeElement('public-data', JSON.stringify({ publicConfig: config }));
    const client = createQueryClient();
    seedPublicData(client);
    expect(client.getQueryData(publicConfigQuery.queryKey)).toEqual(config);
    document.body.innerHTML = '';
    writeElement('public-data', '{not json');
    const other = createQueryClient();
    seedPublicData(other);
    expect(other.getQueryData(publicConfigQuery.queryKey)).toBeUndefined();
  });

  it("seeds the learner's first answers and keeps the page's reads, for the signed-in learner only", () => {
    stubApi({});
    const user = learner();
    signIn(user);
    writeElement(
      'startup-data',
      JSON.stringify({ userId: user._id, user, groups: [], responses: { '/funfact': [{ id: 'f1' }] } }),
    );
    const client = createQueryClient();
    prefetchSessionData(client);
    expect(client.getQueryData(userQuery(user._id).queryKey)).toEqual(user);
    expect(client.getQueryData(groupsQuery(user._id).queryKey)).toEqual([]);
    expect(takeStartupResponse('/funfact')).toEqual([{ id: 'f1' }]);
  });

  it("keeps the display zone's offsets that came with the server's time: dates are shown without Intl", () => {
    stubApi({});
    const user = learner();
    signIn(user);
    // A made-up zone name: only the page's offsets can show it (Intl would throw on it).
    const periods = zonePeriods(
      'Europe/Paris',
      new Date('2026-01-01T00:00:00Z'),
      new Date('2027-01-01T00:00:00Z'),
    );
    const time = {
      now: '2026-11-26T09:00:00.000Z',
      today: '2026-11-26',
      timeZone: 'Test/Paris',
      zonePeriods: periods,
    };
    writeElement('startup-data', JSON.stringify({ userId: user._id, user, time }));
    const intl = vi.spyOn(Intl, 'DateTimeFormat');
    prefetchSessionData(createQueryClient());
    expect(formatDateTime('2026-07-01T10:00:00Z', 'Test/Paris')).toBe('01/07/2026 12:00');
    expect(formatDateTime('2026-12-01T10:00:00Z', 'Test/Paris')).toBe('01/12/2026 11:00');
    expect(intl).not.toHaveBeenCalled();
    intl.mockRestore();
  });

  it('ignores a page written for another account (signed in since in another tab)', () => {
    stubApi({});
    const user = learner();
    signIn(user);
    writeElement(
      'startup-data',
      JSON.stringify({
        userId: 'someone-else',
        user: { ...user, _id: 'someone-else' },
        responses: { '/funfact': [] },
      }),
    );
    const client = createQueryClient();
    prefetchSessionData(client);
    expect(client.getQueryData(userQuery(user._id).queryKey)).toBeUndefined();
    expect(takeStartupResponse('/funfact')).toBeUndefined();
  });
});
