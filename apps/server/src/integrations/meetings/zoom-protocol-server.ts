import { randomBytes, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { escapeHtml } from '../../lib/html.js';

/**
 * A local stand-in for Zoom (issue 15): the subset of Zoom's HTTP protocol that zoom-client.ts uses,
 * over real HTTP on a loopback port, so that the adapter in front of it is the real client. Test
 * support first (the tests make it throttle, fail, hang or expire its tokens through `state`); it has
 * its own join and download pages so that it can also stand in for Zoom in an offline demo.
 *
 * - POST /oauth/token?grant_type=account_credentials&account_id= with Basic client_id:client_secret
 *   (query or form body) → {access_token, token_type: "bearer", expires_in, scope, api_url}
 * - every /v2 route wants `Authorization: Bearer <token>`, else 401 {code: 124, message}
 * - POST /v2/users/me/meetings (type 2) → 201 meeting; GET /v2/meetings/{id} → 200 meeting
 * - POST /v2/meetings/{id}/registrants → 201 {id, registrant_id, join_url, topic, start_time}
 * - PUT  /v2/meetings/{id}/registrants/status {action, registrants: [{email | id}]} → 204
 * - GET  /v2/meetings/{id}/recordings[?include_fields=download_access_token&ttl=] → 200, or 404 code 3301
 * - GET  /j/{id}, /w/{id}?tk= (join pages), /rec/download/{fileId}?access_token= (the video)
 * Errors are {code, message}; 124, 300, 3001, 3301 and 429 are Zoom's codes, the others approximate.
 */
export interface ZoomProtocolServerOptions {
  accountId?: string;
  clientId?: string;
  clientSecret?: string;
  /** The tokens' `expires_in` (Zoom: 3600). */
  tokenLifetimeSeconds?: number;
  /** Answers every Nth API request with 429, as Zoom's per-second limits do (0: never). */
  rateLimitEvery?: number;
  now?: () => number;
}

export interface StandInRegistrant {
  registrant_id: string;
  email: string;
  first_name: string;
  last_name: string;
  status: 'approved' | 'pending' | 'denied' | 'cancelled';
  join_url: string;
  /** The `tk` of their join link. */
  tk: string;
}

export interface StandInRecordingFile {
  id: string;
  meeting_id: string;
  recording_start: string;
  recording_end: string;
  file_type: string;
  file_extension: string;
  file_size: number;
  play_url: string;
  download_url: string;
  status: 'processing' | 'completed';
  recording_type: string;
}

export interface StandInMeeting {
  uuid: string;
  id: number;
  topic: string;
  type: number;
  start_time: string;
  duration: number;
  timezone: string;
  agenda: string;
  created_at: string;
  password: string;
  join_url: string;
  settings: { approval_type: number };
  /** By lower-cased e-mail. */
  registrants: Map<string, StandInRegistrant>;
  recording_files: StandInRecordingFile[] | null;
}

export interface ZoomProtocolState {
  meetings: Map<string, StandInMeeting>;
  /** POST /oauth/token requests, granted or not. */
  tokenRequests: number;
  /** /v2 requests received (before any fault or check). */
  apiRequests: number;
  /** /v2 requests answered 401. */
  unauthorized: number;
  /** The /v2 requests that passed the faults and the token check. */
  requests: { method: string; path: string; body: unknown }[];
  /** Answers the next N /v2 requests with 429 (Infinity: until reset). */
  throttleNext: number;
  /** The Retry-After of those 429 answers. */
  retryAfterSeconds: number;
  /** Answers every /v2 request with this status (e.g. 500). */
  failWith: number | null;
  /** Takes every request (token ones too) and never answers. */
  hang: boolean;
  /** Answers /v2 requests 200 with JSON that is not Zoom's. */
  malformed: boolean;
  /** Refuses every token, even fresh ones (as with a deactivated app). */
  refuseTokens: boolean;
}

const newId = (bytes = 16) => randomBytes(bytes).toString('base64url');

const same = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

const page = (title: string, body: string) =>
  `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title></head><body><main><p>Zoom — simulateur hors ligne de MedEnglish</p>${body}</main></body></html>`;

/** A few bytes standing for the video (an MP4 `ftyp` box). */
const VIDEO = Buffer.from('0000001866747970697336360000000069736f366d703431', 'hex');

export async function startZoomProtocolServer(options: ZoomProtocolServerOptions = {}) {
  const accountId = options.accountId ?? 'stand-in-account';
  const clientId = options.clientId ?? 'stand-in-client';
  const clientSecret = options.clientSecret ?? 'stand-in-secret';
  const lifetimeSeconds = options.tokenLifetimeSeconds ?? 3600;
  const now = options.now ?? Date.now;

  const state: ZoomProtocolState = {
    meetings: new Map(),
    tokenRequests: 0,
    apiRequests: 0,
    unauthorized: 0,
    requests: [],
    throttleNext: 0,
    retryAfterSeconds: 1,
    failWith: null,
    hang: false,
    malformed: false,
    refuseTokens: false,
  };
  /** API tokens and recording download tokens, with when they end. */
  const tokens = new Map<string, number>();
  const downloadTokens = new Map<string, { meetingId: string; expiresAt: number }>();
  let nextMeeting = 81_234_567_890;
  let base = '';

  const json = (
    res: ServerResponse,
    status: number,
    body?: unknown,
    headers: Record<string, string> = {},
  ) => {
    if (body === undefined) {
      res.writeHead(status, headers).end();
      return;
    }
    res
      .writeHead(status, { 'content-type': 'application/json;charset=UTF-8', ...headers })
      .end(JSON.stringify(body));
  };
  const html = (res: ServerResponse, status: number, body: string) =>
    res.writeHead(status, { 'content-type': 'text/html; charset=utf-8' }).end(body);
  const validation = (res: ServerResponse, field: string, message: string) =>
    json(res, 400, { code: 300, message: 'Validation Failed.', errors: [{ field, message }] });
  const noMeeting = (res: ServerResponse, id: string) =>
    json(res, 404, { code: 3001, message: `Meeting does not exist: ${id}.` });

  async function readBody(req: IncomingMessage): Promise<string> {
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of req) {
      size += (chunk as Buffer).length;
      if (size > 1_000_000) throw new Error('body too large');
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  }

  function meetingAnswer(m: StandInMeeting) {
    return {
      uuid: m.uuid,
      id: m.id,
      host_id: 'stand-in-host',
      host_email: 'host@zoom.stand-in',
      topic: m.topic,
      type: m.type,
      status: 'waiting',
      start_time: m.start_time,
      duration: m.duration,
      timezone: m.timezone,
      agenda: m.agenda,
      created_at: m.created_at,
      start_url: `${base}/s/${m.id}?zak=${newId(12)}`,
      join_url: m.join_url,
      password: m.password,
      settings: { approval_type: m.settings.approval_type, registration_type: 1 },
      ...(m.settings.approval_type === 2 ? {} : { registration_url: `${base}/meeting/register/${m.uuid}` }),
      pre_schedule: false,
    };
  }

  function oauth(req: IncomingMessage, res: ServerResponse, url: URL, body: string) {
    state.tokenRequests += 1;
    const form = new URLSearchParams(body);
    const param = (name: string) => url.searchParams.get(name) ?? form.get(name);
    const [scheme, encoded] = String(req.headers.authorization ?? '').split(' ');
    const credentials = scheme === 'Basic' && encoded ? Buffer.from(encoded, 'base64').toString('utf8') : '';
    if (!same(credentials, `${clientId}:${clientSecret}`)) {
      return json(res, 400, { reason: 'Invalid client_id or client_secret', error: 'invalid_client' });
    }
    if (param('grant_type') !== 'account_credentials') {
      return json(res, 400, { reason: 'unsupported grant type', error: 'unsupported_grant_type' });
    }
    if (!same(param('account_id') ?? '', accountId)) {
      return json(res, 400, { reason: 'Invalid account_id', error: 'invalid_request' });
    }
    const token = `stand-in.${newId(24)}`;
    tokens.set(token, now() + lifetimeSeconds * 1000);
    return json(res, 200, {
      access_token: token,
      token_type: 'bearer',
      expires_in: lifetimeSeconds,
      scope:
        'meeting:write:meeting:admin meeting:read:meeting:admin meeting:write:registrant:admin cloud_recording:read:list_recording_files:admin',
      api_url: base,
    });
  }

  function api(req: IncomingMessage, res: ServerResponse, url: URL, raw: string) {
    state.apiRequests += 1;
    if (state.failWith !== null) {
      return json(res, state.failWith, { code: state.failWith, message: 'Internal Error.' });
    }
    const everyN = options.rateLimitEvery ?? 0;
    if (state.throttleNext > 0 || (everyN > 0 && state.apiRequests % everyN === 0)) {
      if (state.throttleNext > 0) state.throttleNext -= 1;
      return json(
        res,
        429,
        {
          code: 429,
          message: 'You have reached the maximum per-second rate limit for this API. Try again later.',
        },
        { 'retry-after': String(state.retryAfterSeconds), 'x-ratelimit-type': 'QPS' },
      );
    }
    const [scheme, token] = String(req.headers.authorization ?? '').split(' ');
    const expiresAt = scheme === 'Bearer' && token ? tokens.get(token) : undefined;
    if (expiresAt === undefined || state.refuseTokens || expiresAt <= now()) {
      state.unauthorized += 1;
      const expired = expiresAt !== undefined;
      return json(res, 401, {
        code: 124,
        message: expired ? 'Access token is expired.' : 'Invalid access token.',
      });
    }
    let body: unknown = undefined;
    if (raw !== '') {
      try {
        body = JSON.parse(raw);
      } catch {
        return json(res, 400, { code: 300, message: 'Request Body should be a valid JSON object.' });
      }
    }
    const path = url.pathname.slice('/v2'.length);
    state.requests.push({ method: req.method ?? '', path: `${path}${url.search}`, body });
    if (state.malformed) return json(res, 200, { result: 'not what Zoom answers' });
    const b = (body ?? {}) as Record<string, unknown>;

    if (req.method === 'POST' && path === '/users/me/meetings') {
      if (typeof b.topic !== 'string' || b.topic === '' || b.topic.length > 200) {
        return validation(res, 'topic', 'Topic is required, 200 characters at most.');
      }
      if (b.type !== 2)
        return validation(res, 'type', 'The stand-in knows scheduled meetings (type 2) only.');
      if (typeof b.start_time !== 'string' || !/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ?$/.test(b.start_time)) {
        return validation(res, 'start_time', 'Invalid field.');
      }
      if (!Number.isInteger(b.duration) || (b.duration as number) <= 0) {
        return validation(res, 'duration', 'Invalid field.');
      }
      const settings = (b.settings ?? {}) as { approval_type?: unknown };
      const approval = settings.approval_type ?? 2; // Zoom's default: no registration
      if (approval !== 0 && approval !== 1 && approval !== 2) {
        return validation(res, 'settings.approval_type', 'Invalid field.');
      }
      const id = nextMeeting++;
      const password = newId(6);
      const meeting: StandInMeeting = {
        uuid: newId(),
        id,
        topic: b.topic,
        type: 2,
        start_time: b.start_time.endsWith('Z') ? b.start_time : `${b.start_time}Z`,
        duration: b.duration as number,
        timezone: typeof b.timezone === 'string' ? b.timezone : 'UTC',
        agenda: typeof b.agenda === 'string' ? b.agenda : '',
        created_at: new Date(now()).toISOString().replace(/\.\d{3}Z$/, 'Z'),
        password,
        join_url: `${base}/j/${id}?pwd=${password}`,
        settings: { approval_type: approval },
        registrants: new Map(),
        recording_files: null,
      };
      state.meetings.set(String(id), meeting);
      return json(res, 201, meetingAnswer(meeting));
    }

    const match = /^\/meetings\/([^/]+)(\/registrants|\/registrants\/status|\/recordings)?$/.exec(path);
    if (!match) return json(res, 404, { code: 404, message: 'Not Found.' });
    const [, id = '', sub] = match;
    const meeting = state.meetings.get(id);
    if (!meeting) return noMeeting(res, id);

    if (req.method === 'GET' && sub === undefined) return json(res, 200, meetingAnswer(meeting));

    if (req.method === 'POST' && sub === '/registrants') {
      if (meeting.settings.approval_type === 2) {
        return json(res, 400, { code: 3000, message: `Cannot register for this meeting: ${id}.` });
      }
      const email = typeof b.email === 'string' ? b.email.trim() : '';
      if (!/^[^\s@]+@[^\s@]+$/.test(email)) return validation(res, 'email', 'Invalid field.');
      if (typeof b.first_name !== 'string' || b.first_name === '') {
        return validation(res, 'first_name', 'Invalid field.');
      }
      const key = email.toLowerCase();
      // Registering again keeps one registration (the same link), approved anew.
      const known = meeting.registrants.get(key);
      const tk = known?.tk ?? newId(24);
      const registrant: StandInRegistrant = {
        registrant_id: known?.registrant_id ?? newId(),
        email,
        first_name: b.first_name,
        last_name: typeof b.last_name === 'string' ? b.last_name : '',
        status: meeting.settings.approval_type === 0 ? 'approved' : (known?.status ?? 'pending'),
        join_url: `${base}/w/${meeting.id}?tk=${tk}`,
        tk,
      };
      meeting.registrants.set(key, registrant);
      return json(res, 201, {
        id: meeting.id,
        join_url: registrant.join_url,
        registrant_id: registrant.registrant_id,
        start_time: meeting.start_time,
        topic: meeting.topic,
        occurrences: [],
      });
    }

    if (req.method === 'PUT' && sub === '/registrants/status') {
      const statuses = { approve: 'approved', deny: 'denied', cancel: 'cancelled' } as const;
      const action = b.action as keyof typeof statuses;
      if (!Object.hasOwn(statuses, action)) return validation(res, 'action', 'Invalid field.');
      if (!Array.isArray(b.registrants)) return validation(res, 'registrants', 'Invalid field.');
      for (const who of b.registrants as { email?: unknown; id?: unknown }[]) {
        const registrant =
          typeof who.email === 'string'
            ? meeting.registrants.get(who.email.toLowerCase())
            : [...meeting.registrants.values()].find((r) => r.registrant_id === who.id);
        // Someone not registered is passed over.
        if (registrant) registrant.status = statuses[action];
      }
      return json(res, 204);
    }

    if (req.method === 'GET' && sub === '/recordings') {
      if (!meeting.recording_files)
        return json(res, 404, { code: 3301, message: 'This recording does not exist.' });
      const withToken = (url.searchParams.get('include_fields') ?? '')
        .split(',')
        .includes('download_access_token');
      const ttl = Math.min(604_800, Math.max(0, Number(url.searchParams.get('ttl') ?? 86_400) || 0));
      let download_access_token: string | undefined;
      if (withToken) {
        download_access_token = `stand-in-download.${newId(24)}`;
        downloadTokens.set(download_access_token, { meetingId: id, expiresAt: now() + ttl * 1000 });
      }
      return json(res, 200, {
        uuid: meeting.uuid,
        id: meeting.id,
        account_id: accountId,
        host_id: 'stand-in-host',
        topic: meeting.topic,
        type: meeting.type,
        start_time: meeting.start_time,
        timezone: meeting.timezone,
        duration: meeting.duration,
        total_size: meeting.recording_files.reduce((sum, f) => sum + f.file_size, 0),
        recording_count: meeting.recording_files.length,
        share_url: `${base}/rec/share/${meeting.uuid}`,
        recording_files: meeting.recording_files,
        ...(download_access_token ? { download_access_token } : {}),
      });
    }
    return json(res, 404, { code: 404, message: 'Not Found.' });
  }

  function pages(req: IncomingMessage, res: ServerResponse, url: URL) {
    const join = /^\/([jw])\/(\d+)$/.exec(url.pathname);
    if (req.method === 'GET' && join) {
      const [, kind, id = ''] = join;
      const meeting = state.meetings.get(id);
      if (!meeting) return html(res, 404, page('Réunion introuvable', '<h1>Réunion introuvable</h1>'));
      const topic = escapeHtml(meeting.topic);
      if (kind === 'j') {
        return html(res, 200, page(meeting.topic, `<h1>${topic}</h1><p>Début : ${meeting.start_time}.</p>`));
      }
      const tk = url.searchParams.get('tk') ?? '';
      const registrant = [...meeting.registrants.values()].find((r) => same(r.tk, tk));
      if (!registrant || registrant.status !== 'approved') {
        return html(res, 403, page('Inscription annulée', '<h1>Cette inscription n’est plus valide</h1>'));
      }
      return html(
        res,
        200,
        page(
          meeting.topic,
          `<h1>${topic}</h1><p>Vous rejoignez la réunion : ${escapeHtml(registrant.email)}.</p>`,
        ),
      );
    }
    const download = /^\/rec\/download\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && download) {
      const file = [...state.meetings.values()]
        .flatMap((m) => (m.recording_files ?? []).map((f) => ({ meetingId: String(m.id), file: f })))
        .find((x) => x.file.id === download[1]);
      if (!file || file.file.status !== 'completed')
        return json(res, 404, { code: 3301, message: 'File not found.' });
      // Zoom takes the download token as `access_token`, or an API token in the Authorization header.
      const grant = downloadTokens.get(url.searchParams.get('access_token') ?? '');
      const [scheme, bearer] = String(req.headers.authorization ?? '').split(' ');
      const apiToken = scheme === 'Bearer' && bearer ? tokens.get(bearer) : undefined;
      const allowed =
        (grant !== undefined && grant.meetingId === file.meetingId && grant.expiresAt > now()) ||
        (apiToken !== undefined && apiToken > now());
      if (!allowed) return json(res, 401, { code: 124, message: 'Invalid access token.' });
      return res
        .writeHead(200, { 'content-type': 'video/mp4', 'content-length': String(VIDEO.length) })
        .end(VIDEO);
    }
    return json(res, 404, { code: 404, message: 'Not Found.' });
  }

  const server = createServer((req, res) => {
    if (state.hang) return; // the socket stays open until the client gives up or close()
    const url = new URL(req.url ?? '/', base);
    readBody(req).then(
      (raw) => {
        if (req.method === 'POST' && url.pathname === '/oauth/token') return oauth(req, res, url, raw);
        if (url.pathname === '/v2' || url.pathname.startsWith('/v2/')) return api(req, res, url, raw);
        return pages(req, res, url);
      },
      () => json(res, 413, { code: 300, message: 'Request Body is too large.' }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    /** The stand-in's address: its OAuth endpoint, API (/v2) and pages are all under it. */
    url: base,
    oauthBase: base,
    apiBase: `${base}/v2`,
    state,
    /** Every token issued so far stops working (Zoom: "Access token is expired."). */
    expireAllTokens() {
      for (const token of tokens.keys()) tokens.set(token, 0);
    },
    /** A meeting's cloud recording: none, still processing, or ready (an MP4 and an audio file). */
    setRecording(meetingId: string | number, status: 'processing' | 'completed' | null) {
      const meeting = state.meetings.get(String(meetingId));
      if (!meeting) throw new Error(`no meeting ${meetingId}`);
      if (status === null) {
        meeting.recording_files = null;
        return;
      }
      const start = meeting.start_time;
      const end = new Date(Date.parse(start) + meeting.duration * 60_000)
        .toISOString()
        .replace(/\.\d{3}Z$/, 'Z');
      const file = (
        file_type: string,
        file_extension: string,
        recording_type: string,
        fileStatus: typeof status,
      ) => {
        const fileId = newId();
        return {
          id: fileId,
          meeting_id: meeting.uuid,
          recording_start: start,
          recording_end: end,
          file_type,
          file_extension,
          file_size: VIDEO.length,
          play_url: `${base}/rec/play/${fileId}`,
          download_url: `${base}/rec/download/${fileId}`,
          status: fileStatus,
          recording_type,
        };
      };
      meeting.recording_files = [
        file('M4A', 'M4A', 'audio_only', 'completed'),
        file('MP4', 'MP4', 'active_speaker', status),
        file('MP4', 'MP4', 'shared_screen_with_speaker_view', status),
      ];
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((error) => (error ? reject(error) : resolve()));
        // Closing does not wait for keep-alive connections, nor for requests left hanging.
        server.closeAllConnections();
      }),
  };
}

export type ZoomProtocolServer = Awaited<ReturnType<typeof startZoomProtocolServer>>;
