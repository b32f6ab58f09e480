import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCookie } from './cookies';
import { logout, resetLogoutGuard } from './logout';
import { startSession } from './session';
import { readStorage, storageKeys, writeStorage } from './storage';

afterEach(() => {
  resetLogoutGuard();
  vi.unstubAllGlobals();
});

describe('logout (SPEC §4)', () => {
  it('revokes the refresh token, clears cookies and storage, keeps the dark mode, reloads on /', async () => {
    startSession(
      { token: 't1', refreshToken: 'r1', _id: 'u1', codeId: null, testId: null, testFinish: true },
      'etudiant.demo@demo-univ.fr',
      'session',
    );
    writeStorage(storageKeys.darkMode, 'true');
    writeStorage(storageKeys.currentGroup, 'g1');
    writeStorage(storageKeys.signupCode, 'DEMO-MED-2026', 'session');
    const fetchMock = vi.fn(async () => new Response(null, { status: 204 }));
    vi.stubGlobal('fetch', fetchMock);
    const redirect = vi.fn();

    await logout({ redirect });

    expect(fetchMock).toHaveBeenCalledWith(
      '/api/student/logout',
      expect.objectContaining({ method: 'POST' }),
    );
    expect(JSON.parse(String((fetchMock.mock.calls[0] as unknown as [string, RequestInit])[1].body))).toEqual(
      {
        refreshToken: 'r1',
      },
    );
    expect(getCookie('token')).toBeNull();
    expect(getCookie('refreshToken')).toBeNull();
    expect(readStorage(storageKeys.session)).toBeNull();
    expect(readStorage(storageKeys.currentGroup)).toBeNull();
    expect(readStorage(storageKeys.signupCode, 'session')).toBeNull();
    expect(readStorage(storageKeys.darkMode)).toBe('true');
    expect(redirect).toHaveBeenCalledWith('/');
  });

  it('still leaves when the server cannot be reached', async () => {
    startSession(
      { token: 't1', refreshToken: 'r1', _id: 'u1', codeId: null, testId: null, testFinish: true },
      'etudiant.demo@demo-univ.fr',
      'session',
    );
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      }),
    );
    const redirect = vi.fn();

    await logout({ reason: 'idle', redirect });

    expect(getCookie('token')).toBeNull();
    expect(readStorage(storageKeys.logoutReason, 'session')).toBe('idle');
    expect(redirect).toHaveBeenCalledWith('/');
  });
});
