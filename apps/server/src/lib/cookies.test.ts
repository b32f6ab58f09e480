import { describe, expect, it } from 'vitest';
import { readCookie } from './cookies.js';

describe('readCookie', () => {
  it('reads one cookie, decoded, among others', () => {
    expect(readCookie('a=1; token=x%3Dy; theme=dark', 'token')).toBe('x=y');
    expect(readCookie('a=1;theme=dark', 'theme')).toBe('dark');
  });

  it('answers null when absent, empty, unreadable or the header is too long', () => {
    expect(readCookie(undefined, 'token')).toBeNull();
    expect(readCookie('mytoken=1', 'token')).toBeNull();
    expect(readCookie('token=', 'token')).toBeNull();
    expect(readCookie('token=%E0%A4%A', 'token')).toBeNull();
    expect(readCookie(`token=${'x'.repeat(9000)}`, 'token')).toBeNull();
  });
});
