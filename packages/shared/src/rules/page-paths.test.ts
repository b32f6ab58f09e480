import { describe, expect, it } from 'vitest';
import { matchPagePath } from './page-paths.js';

const entries = [
  { path: '/elearning/course', id: 'course' },
  { path: '/elearning/course/', id: 'module' },
  { path: '/dashboard', id: 'dashboard' },
];

describe('matchPagePath', () => {
  it('prefers an exact path, then a prefix ending with a slash', () => {
    expect(matchPagePath(entries, '/elearning/course')?.id).toBe('course');
    expect(matchPagePath(entries, '/elearning/course/anatomy')?.id).toBe('module');
    expect(matchPagePath(entries, '/dashboard')?.id).toBe('dashboard');
  });

  it('matches nothing for other paths, a bare prefix or a longer path that only starts alike', () => {
    expect(matchPagePath(entries, '/elearning/course/')).toBeUndefined();
    expect(matchPagePath(entries, '/dashboard/x')).toBeUndefined();
    expect(matchPagePath(entries, '/dashboards')).toBeUndefined();
    expect(matchPagePath(entries, '/nowhere')).toBeUndefined();
  });
});
