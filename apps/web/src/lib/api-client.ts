import {
  currentLanguage,
  ErrorCode,
  isApiErrorBody,
  messages,
  type RefreshResponse,
} from '@medenglish/shared';
import { ApiError, networkFailure } from './api-error';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface RequestOptions {
  method?: HttpMethod;
  /** Serialised as JSON; a FormData is sent as it is (multipart, the browser writes its boundary). */
  body?: unknown;
  /**
   * false for calls made without a session (login, sign-up, refresh, public config): no token is
   * sent and a 401 is an answer, not a reason to refresh.
   */
  auth?: boolean;
  signal?: AbortSignal;
  /** Lets the request outlive the page (a beat sent while the tab is hidden or closed). */
  keepalive?: boolean;
}

/** Where the client reads and writes the session; the browser implementation uses cookies. */
export interface TokenStore {
  getToken(): string | null;
  getRefreshToken(): string | null;
  getEmail(): string | null;
  saveTokens(tokens: RefreshResponse): void;
}

export interface ApiClientOptions {
  baseUrl: string;
  tokens: TokenStore;
  /** Called once the session cannot be renewed (SPEC §4: "a refresh failure logs out"). */
  onSessionExpired(): void;
  /**
   * Called when a signed-in call meets the maintenance window (503 MAINTENANCE): SPEC §9 logs
   * learners out between the closing dates.
   */
  onMaintenance?(): void;
  /**
   * Runs the refresh under a lock shared by the tabs of the browser, so that two tabs never spend
   * the same refresh token. Defaults to the Web Locks API where the browser has it.
   */
  withRefreshLock?<T>(work: () => Promise<T>): Promise<T>;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
}

/** SPEC §6: the Authorization header is omitted when the path ends with an empty segment. */
export function endsWithEmptySegment(path: string): boolean {
  return path.split('?')[0]!.endsWith('/');
}

function browserLock<T>(work: () => Promise<T>): Promise<T> {
  const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
  return locks ? (locks.request('medenglish-token-refresh', work) as Promise<T>) : work();
}

export function createApiClient(options: ApiClientOptions): ApiClient {
  const { baseUrl, tokens, onSessionExpired } = options;
  const withRefreshLock = options.withRefreshLock ?? browserLock;
  /** The refresh in flight: every 401 that arrives meanwhile waits for it instead of starting one. */
  let renewal: Promise<string> | null = null;

  async function send(path: string, init: RequestOptions, token: string | null): Promise<Response> {
    // The server answers its messages in the interface's language (its request-language plugin).
    const headers: Record<string, string> = {
      Accept: 'application/json',
      'Accept-Language': currentLanguage(),
    };
    const isForm = typeof FormData !== 'undefined' && init.body instanceof FormData;
    if (init.body !== undefined && !isForm) headers['Content-Type'] = 'application/json';
    if (token) headers.Authorization = `Token ${token}`;
    try {
      return await fetch(`${baseUrl}${path}`, {
        method: init.method ?? 'GET',
        headers,
        body:
          init.body === undefined ? undefined : isForm ? (init.body as FormData) : JSON.stringify(init.body),
        credentials: 'same-origin',
        signal: init.signal,
        keepalive: init.keepalive,
      });
    } catch (error) {
      // A cancelled query is not a network failure: let React Query see the abort.
      if (error instanceof DOMException && error.name === 'AbortError') throw error;
      throw networkFailure();
    }
  }

  async function readBody(response: Response): Promise<unknown> {
    if (response.status === 204) return undefined;
    const text = await response.text();
    if (!text) return undefined;
    try {
      return JSON.parse(text) as unknown;
    } catch {
      return text;
    }
  }

  async function parse<T>(response: Response): Promise<T> {
    const body = await readBody(response);
    if (response.ok) return body as T;
    if (isApiErrorBody(body)) {
      throw new ApiError(response.status, body.error.code, body.error.message, body.error.fields);
    }
    // A proxy or a crash answered instead of the API: keep the status, never show raw HTML.
    throw new ApiError(response.status, ErrorCode.INTERNAL, messages.common.serverError);
  }

  function expire(): ApiError {
    onSessionExpired();
    return new ApiError(401, ErrorCode.UNAUTHENTICATED, messages.common.unauthenticated);
  }

  /**
   * A fresh token to replace `staleToken`. The cookie is read again first: another tab (or an
   * earlier refresh of this one) may already have rotated it, and then that token is simply reused.
   */
  async function refreshToken(staleToken: string | null): Promise<string> {
    return withRefreshLock(async () => {
      const current = tokens.getToken();
      if (current && current !== staleToken) return current;
      const refresh = tokens.getRefreshToken();
      const email = tokens.getEmail();
      if (!refresh || !email) throw expire();
      const response = await send(
        '/refresh',
        { method: 'POST', body: { email, refreshToken: refresh } },
        null,
      );
      // A server error or a dropped connection is not a rejected session: keep the user logged in.
      if (response.status >= 500) return parse<never>(response);
      if (!response.ok) throw expire();
      const renewed = await parse<RefreshResponse>(response);
      tokens.saveTokens(renewed);
      return renewed.token;
    });
  }

  function renew(staleToken: string | null): Promise<string> {
    renewal ??= refreshToken(staleToken).finally(() => {
      renewal = null;
    });
    return renewal;
  }

  async function parseSignedIn<T>(response: Response): Promise<T> {
    try {
      return await parse<T>(response);
    } catch (error) {
      if (error instanceof ApiError && error.code === ErrorCode.MAINTENANCE) options.onMaintenance?.();
      throw error;
    }
  }

  async function request<T>(path: string, init: RequestOptions = {}): Promise<T> {
    if (init.auth === false) return parse<T>(await send(path, init, null));
    // SPEC §6: a path ending with an empty segment goes without the header; the server reads the
    // `token` cookie instead. It is a signed-in call all the same, refreshed once on a 401.
    const sendsHeader = !endsWithEmptySegment(path);
    const token = tokens.getToken();
    const response = await send(path, init, sendsHeader ? token : null);
    if (response.status !== 401) return parseSignedIn<T>(response);

    // The refresh writes the new token to the cookie too: a retry without the header carries it.
    const fresh = await renew(token);
    const retried = await send(path, init, sendsHeader ? fresh : null);
    // The token we were just given is refused too: the session is over.
    if (retried.status === 401) throw expire();
    return parseSignedIn<T>(retried);
  }

  return { request };
}
