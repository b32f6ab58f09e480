import type { MedEnglishApp } from '../app.js';

export const DEMO = {
  etudiant: 'etudiant.demo@demo-univ.fr',
  nouveau: 'nouveau.demo@demo-univ.fr',
  salarie: 'salarie.demo@clinique-demo.com',
  suspendu: 'suspendu.demo@demo-univ.fr',
  password: 'DemoPass2026',
};

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Small wrapper over app.inject: JSON in, status and JSON out. */
export async function call(
  app: MedEnglishApp,
  method: Method,
  url: string,
  options: { body?: unknown; token?: string; headers?: Record<string, string>; raw?: string } = {},
) {
  const response = await app.inject({
    method,
    url,
    headers: {
      ...(options.body !== undefined || options.raw !== undefined
        ? { 'content-type': 'application/json' }
        : {}),
      ...(options.token ? { authorization: `Token ${options.token}` } : {}),
      ...options.headers,
    },
    payload: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
  });
  let json: any = undefined;
  try {
    json = response.body ? JSON.parse(response.body) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.statusCode, json, headers: response.headers, body: response.body };
}

export async function login(app: MedEnglishApp, email: string, password = DEMO.password) {
  const res = await call(app, 'POST', '/api/student/login', { body: { email, password } });
  if (res.status !== 200) throw new Error(`login ${email} failed: ${res.status} ${res.body}`);
  return res.json as {
    token: string;
    refreshToken: string;
    _id: string;
    testId: string | null;
    testFinish: boolean;
  };
}
