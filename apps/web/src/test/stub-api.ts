import { vi } from 'vitest';

export interface StubbedCall {
  method: string;
  path: string;
  body: unknown;
  keepalive: boolean;
}

/** A route may answer with a function of the call, which returns the JSON or throws a Response. */
export type Handler = (call: StubbedCall) => unknown;

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

export interface StubbedApi {
  calls: StubbedCall[];
  fetchMock: ReturnType<typeof vi.fn>;
  callsTo(method: string, path: string): StubbedCall[];
}

/**
 * Stubs fetch with a table of "METHOD /path" → answer (a value, or a function of the call). The
 * path is the one after /api; an unknown route answers 404. Every call is recorded.
 */
export function stubApi(routes: Record<string, unknown>): StubbedApi {
  const calls: StubbedCall[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET';
    const path = decodeURIComponent(url.replace(/^\/api/, ''));
    const call: StubbedCall = {
      method,
      path,
      body: typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined,
      keepalive: init?.keepalive ?? false,
    };
    calls.push(call);
    const key = `${method} ${path}`;
    if (!(key in routes)) return json(404, { error: { code: 'NOT_FOUND', message: key } });
    const route = routes[key];
    try {
      return json(200, typeof route === 'function' ? (route as Handler)(call) : route);
    } catch (error) {
      if (error instanceof Response) return error;
      throw error;
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    fetchMock,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

/** Throw from a route handler to answer with an error status. */
export function errorResponse(status: number, code = 'INTERNAL', message = 'failed'): Response {
  return json(status, { error: { code, message } });
}
