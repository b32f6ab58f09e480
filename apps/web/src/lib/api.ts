import { createApiClient, type RequestOptions } from './api-client';
import { logout } from './logout';
import { getRefreshToken, getSessionInfo, getToken, storeRefreshedTokens } from './session';
import { takeStartupResponse } from './startup-responses';

/** The app's one API client: same origin, under /api (the server serves both). */
export const apiClient = createApiClient({
  baseUrl: '/api',
  tokens: {
    getToken,
    getRefreshToken,
    getEmail: () => getSessionInfo()?.email ?? null,
    saveTokens: storeRefreshedTokens,
  },
  onSessionExpired: () => void logout(),
  onMaintenance: () => void logout({ reason: 'maintenance' }),
});

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => {
    // The page may already hold this answer (a signed-in visit's first reads, written by the server).
    const answer = takeStartupResponse(path);
    return answer === undefined
      ? apiClient.request<T>(path, { ...options, method: 'GET' })
      : Promise.resolve(answer as T);
  },
  post: <T>(path: string, body?: unknown, options?: Options) =>
    apiClient.request<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) =>
    apiClient.request<T>(path, { ...options, method: 'PUT', body }),
  delete: <T>(path: string, options?: Options) =>
    apiClient.request<T>(path, { ...options, method: 'DELETE' }),
};
