import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, getCookie, setCookie } from './cookies';

describe('cookies', () => {
  afterEach(() => deleteCookie('token'));

  it('reads its own write at once, though reads within a turn share one copy', () => {
    setCookie('token', 'first');
    expect(getCookie('token')).toBe('first');
    setCookie('token', 'second');
    expect(getCookie('token')).toBe('second');
  });

  it('sees a value written elsewhere (another tab) by the next turn', async () => {
    setCookie('token', 'mine');
    expect(getCookie('token')).toBe('mine');
    // Another tab's refresh writes the cookie without going through this module.
    document.cookie = 'token=theirs; path=/';
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(getCookie('token')).toBe('theirs');
  });
});
