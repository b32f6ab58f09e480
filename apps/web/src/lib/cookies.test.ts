import { afterEach, describe, expect, it } from 'vitest';
import { deleteCookie, getCookie, rememberPreferenceCookie, setCookie } from './cookies';

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

  it('writes a preference in a later task, keeps the last of calls in a row, and can be cancelled', async () => {
    const nextTurn = () => new Promise((resolve) => setTimeout(resolve, 5));
    rememberPreferenceCookie('theme', 'dark');
    expect(getCookie('theme')).toBeNull();
    rememberPreferenceCookie('theme', 'light');
    await nextTurn();
    expect(getCookie('theme')).toBe('light');
    const cancel = rememberPreferenceCookie('theme', 'dark');
    cancel();
    await nextTurn();
    expect(getCookie('theme')).toBe('light');
    deleteCookie('theme');
  });
});
