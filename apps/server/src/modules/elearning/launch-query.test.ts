import { describe, expect, it } from 'vitest';
import { launchAddress, mergeLaunchQuery, ownQueryPairs, splitLaunchPoint } from './launch-address.js';

/** Issue 34: an AU's own query kept (cmi5 8.1, 13.1.4), and nothing but the launch parameters added. */
const cmi5 = new URLSearchParams({
  endpoint: 'https://app.example/api/xapi/',
  fetch: 'https://app.example/api/cmi5/fetch/t',
  actor: '{"objectType":"Agent"}',
  registration: 'r1',
  activityId: 'urn:au',
});

describe('the launch query of a package or an AU', () => {
  it("keeps the AU's own parameters first, as written, then appends the launch parameters", () => {
    const query = mergeLaunchQuery('lesson=2&title=Ward%20round&mode=a+b', cmi5);
    expect(query.startsWith('lesson=2&title=Ward%20round&mode=a+b&endpoint=')).toBe(true);
    const params = new URLSearchParams(query);
    expect([...params.keys()]).toEqual([
      'lesson',
      'title',
      'mode',
      'endpoint',
      'fetch',
      'actor',
      'registration',
      'activityId',
    ]);
    expect(params.get('title')).toBe('Ward round');
    expect(params.get('actor')).toBe('{"objectType":"Agent"}');
  });

  it('drops an own parameter named as a launch parameter, however it is encoded', () => {
    const own = 'endpoint=https://evil.example/&%66etch=x&lesson=2&activityId';
    expect(ownQueryPairs(own, cmi5.keys())).toEqual(['lesson=2']);
    const params = new URLSearchParams(mergeLaunchQuery(own, cmi5));
    expect(params.getAll('endpoint')).toEqual(['https://app.example/api/xapi/']);
    expect(params.getAll('fetch')).toEqual(['https://app.example/api/cmi5/fetch/t']);
    expect(params.getAll('activityId')).toEqual(['urn:au']);
  });

  it('adds nothing but the launch parameters to an address without a query of its own', () => {
    expect([...new URLSearchParams(mergeLaunchQuery('', cmi5)).keys()]).toEqual([...cmi5.keys()]);
    const tincan = new URLSearchParams({
      endpoint: 'e',
      auth: 'a',
      actor: '{}',
      activity_id: 'i',
      registration: 'r',
    });
    const url = new URL(launchAddress('content/abc', 'index.html', tincan), 'https://app.example');
    expect([...url.searchParams.keys()]).toEqual([
      'endpoint',
      'auth',
      'actor',
      'activity_id',
      'registration',
    ]);
    expect(url.hash).toBe('');
  });

  it('splits a launch point into its file, its query and its fragment', () => {
    expect(splitLaunchPoint('quiz/index.html?lang=en-GB#start')).toEqual({
      file: 'quiz/index.html',
      query: 'lang=en-GB',
      fragment: '#start',
    });
    expect(splitLaunchPoint('index.html')).toEqual({ file: 'index.html', query: '', fragment: '' });
    // A "?" in the fragment is the fragment's.
    expect(splitLaunchPoint('a.html#/x?y=1')).toEqual({ file: 'a.html', query: '', fragment: '#/x?y=1' });
  });
});
