import { describe, expect, it } from 'vitest';
import { collapseSlashes } from './duplicate-slashes.js';

describe('collapseSlashes (issue 34)', () => {
  it('makes each run of slashes of the path one', () => {
    expect(collapseSlashes('/api/xapi//activities/state')).toBe('/api/xapi/activities/state');
    expect(collapseSlashes('//api///xapi//statements')).toBe('/api/xapi/statements');
  });

  it('leaves the query as sent, and a path without a double slash untouched', () => {
    expect(collapseSlashes('/api/xapi//activities/state?activityId=http://a.example//b')).toBe(
      '/api/xapi/activities/state?activityId=http://a.example//b',
    );
    const plain = '/api/xapi/statements?since=x//y';
    expect(collapseSlashes(plain)).toBe(plain);
    expect(collapseSlashes('/')).toBe('/');
  });
});
