import { describe, expect, it } from 'vitest';
import { returnPathOf } from './return-path';

describe('the page to open after login (a deep link while logged out)', () => {
  it('is the path asked for, with its query and hash', () => {
    expect(returnPathOf({ from: '/elearning/results' })).toBe('/elearning/results');
    expect(returnPathOf({ from: '/elearning/course/pain-and-symptoms?unit=3#top' })).toBe(
      '/elearning/course/pain-and-symptoms?unit=3#top',
    );
  });
  it('is nothing for another origin, the login page or a malformed state', () => {
    for (const from of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      '/',
      '/?token=1',
      42,
      null,
    ])
      expect(returnPathOf({ from })).toBeNull();
    expect(returnPathOf(null)).toBeNull();
    expect(returnPathOf(undefined)).toBeNull();
    expect(returnPathOf('x')).toBeNull();
  });
});
