import { z } from 'zod';
import {
  MeetingsUnavailable,
  type Meeting,
  type MeetingRecording,
  type MeetingsProvider,
  type NewMeeting,
  type Registrant,
} from './meetings-provider.js';

/**
 * The Zoom implementation of the meetings adapter (issue 15): a real HTTP client of Zoom's REST API
 * (v2) with a Server-to-Server OAuth app, every answer checked. The calls it makes:
 *
 * - POST {oauth}/oauth/token?grant_type=account_credentials&account_id=  (Basic client_id:secret)
 *   → {access_token, token_type: "bearer", expires_in, scope}
 * - POST {api}/users/me/meetings {topic, type: 2, start_time, duration, timezone, agenda, settings}
 *   → {id (a number), join_url, …}
 * - POST {api}/meetings/{id}/registrants {email, first_name, last_name} → {registrant_id, join_url, …}
 * - PUT  {api}/meetings/{id}/registrants/status {action: "cancel", registrants: [{email}]} → 204
 * - GET  {api}/meetings/{id} → {id, join_url, …}
 * - GET  {api}/meetings/{id}/recordings?include_fields=download_access_token&ttl=
 *   → {recording_files: [{file_type, status, download_url, …}], download_access_token}; 404 code 3301
 *   while there is none
 * - errors: a status ≥ 400 with {code, message}; 401 code 124 for an expired or unknown token; 429
 *   with Retry-After when throttled.
 */
export interface ZoomMeetingsOptions {
  accountId: string;
  clientId: string;
  clientSecret: string;
  /** Default https://api.zoom.us/v2. */
  apiBase?: string;
  /** Default https://zoom.us. */
  oauthBase?: string;
  /** Each HTTP attempt's time-out (default 10 s). */
  timeoutMs?: number;
  fetch?: typeof globalThis.fetch;
  now?: () => number;
  /** The meetings' time zone at Zoom (what its invitations show); default Europe/Paris. */
  timeZone?: string;
  /** How long a recording's address works (Zoom's `ttl` of the download token); default one hour. */
  recordingLinkSeconds?: number;
}

/** A token is renewed this long before Zoom says it ends, so that it never expires in flight. */
const TOKEN_MARGIN_MS = 60_000;
/** Throttled calls are retried this many times, and only when Zoom asks for a short wait. */
const MAX_THROTTLE_RETRIES = 2;
const MAX_RETRY_WAIT_MS = 3_000;

const tokenAnswer = z.object({
  access_token: z.string().min(1),
  token_type: z.string().refine((t) => t.toLowerCase() === 'bearer'),
  expires_in: z.number().positive(),
});
const zoomError = z.object({ code: z.number(), message: z.string() });
/** Zoom's meeting ids are numbers (11 digits today, within JavaScript's safe integers). */
const zoomMeetingId = z.number().int().positive();
const meetingAnswer = z.object({ id: zoomMeetingId, join_url: z.string().url() });
const registrantAnswer = z.object({ join_url: z.string().url() });
const recordingsAnswer = z.object({
  recording_files: z.array(
    z.object({
      file_type: z.string().optional(),
      status: z.string().optional(),
      recording_type: z.string().optional(),
      download_url: z.string().url().optional(),
    }),
  ),
  download_access_token: z.string().min(1).optional(),
});

/** Which video to offer when Zoom recorded several views: the speaker with the shared slides first. */
const viewPreference = ['shared_screen_with_speaker_view', 'shared_screen', 'active_speaker'];

interface Token {
  value: string;
  /** When to stop using it (its end at Zoom less the margin). */
  renewAt: number;
}

interface Answer {
  status: number;
  body: unknown;
}

export function createZoomMeetings(options: ZoomMeetingsOptions): MeetingsProvider {
  const doFetch = options.fetch ?? globalThis.fetch;
  const now = options.now ?? Date.now;
  const apiBase = (options.apiBase ?? 'https://api.zoom.us/v2').replace(/\/+$/, '');
  const oauthBase = (options.oauthBase ?? 'https://zoom.us').replace(/\/+$/, '');
  const timeoutMs = options.timeoutMs ?? 10_000;
  const timeZone = options.timeZone ?? 'Europe/Paris';
  const recordingLinkSeconds = options.recordingLinkSeconds ?? 3600;

  /** One HTTP attempt; a time-out or an unreachable host is a MeetingsUnavailable. */
  async function send(url: string, init: RequestInit): Promise<Response> {
    try {
      return await doFetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
    } catch (error) {
      throw unreachable(error);
    }
  }

  /** The answer's JSON (undefined when empty, as for 204); an error status may carry a non-JSON page. */
  async function read(response: Response): Promise<unknown> {
    let text: string;
    try {
      text = await response.text();
    } catch (error) {
      // The body can also be cut by the time-out.
      throw unreachable(error);
    }
    if (text === '') return undefined;
    try {
      return JSON.parse(text);
    } catch {
      if (response.ok)
        throw new MeetingsUnavailable('Zoom answered something that is not JSON', response.status);
      return undefined;
    }
  }

  // The token is shared by every call: `current` holds the request under way or its answer, so ten
  // calls starting together make one token request.
  let current: { promise: Promise<Token>; token?: Token } | null = null;

  function accessToken(): Promise<Token> {
    if (current && (!current.token || now() < current.token.renewAt)) return current.promise;
    const entry: { promise: Promise<Token>; token?: Token } = { promise: requestToken() };
    current = entry;
    entry.promise.then(
      (token) => (entry.token = token),
      // A failed request is not kept: the next call asks again.
      () => {
        if (current === entry) current = null;
      },
    );
    return entry.promise;
  }

  /** Drops the token Zoom refused, unless a newer one is already there or on its way. */
  function forget(token: Token): void {
    if (current?.token === token) current = null;
  }

  async function requestToken(): Promise<Token> {
    const asked = now();
    const query = new URLSearchParams({ grant_type: 'account_credentials', account_id: options.accountId });
    const basic = Buffer.from(`${options.clientId}:${options.clientSecret}`).toString('base64');
    const response = await send(`${oauthBase}/oauth/token?${query}`, {
      method: 'POST',
      headers: { authorization: `Basic ${basic}`, accept: 'application/json' },
    });
    const body = await read(response);
    if (!response.ok) {
      // Zoom answers 400/401 {reason, error} for wrong credentials or account id.
      throw new MeetingsUnavailable(
        `Zoom refused the app's credentials (${response.status})`,
        response.status,
      );
    }
    const parsed = tokenAnswer.safeParse(body);
    if (!parsed.success)
      throw new MeetingsUnavailable("Zoom's token answer is not as expected", response.status);
    const lifetimeMs = parsed.data.expires_in * 1000;
    // Counted from when it was asked for; a short-lived token (tests) keeps half its life.
    return {
      value: parsed.data.access_token,
      renewAt: asked + lifetimeMs - Math.min(TOKEN_MARGIN_MS, lifetimeMs / 2),
    };
  }

  /**
   * One API call: a refused token (401) gets one fresh token and one retry; throttling (429) is
   * waited out when Zoom asks for a short wait, twice at most. Other answers are returned as they are.
   */
  async function call(method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown): Promise<Answer> {
    let renewed = false;
    let throttled = 0;
    for (;;) {
      const token = await accessToken();
      const response = await send(`${apiBase}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token.value}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      if (response.status === 401 && !renewed) {
        await response.body?.cancel();
        renewed = true;
        forget(token);
        continue;
      }
      if (response.status === 429 && throttled < MAX_THROTTLE_RETRIES) {
        await response.body?.cancel();
        const wait = retryAfterMs(response.headers.get('retry-after'), now());
        // A long wait is a daily limit: waiting here would only hold the learner's request.
        if (wait > MAX_RETRY_WAIT_MS) throw new MeetingsUnavailable('Zoom is throttling our calls', 429);
        throttled += 1;
        await new Promise((resolve) => setTimeout(resolve, wait));
        continue;
      }
      return { status: response.status, body: await read(response) };
    }
  }

  /** A successful answer of the expected shape, or a MeetingsUnavailable naming Zoom's error. */
  function checked<T extends z.ZodType>(answer: Answer, schema: T): z.infer<T> {
    if (answer.status < 200 || answer.status > 299) throw refused(answer);
    const parsed = schema.safeParse(answer.body);
    if (!parsed.success) throw new MeetingsUnavailable("Zoom's answer is not as expected", answer.status);
    return parsed.data;
  }

  return {
    kind: 'zoom',

    async createMeeting(meeting: NewMeeting): Promise<Meeting> {
      const answer = await call('POST', '/users/me/meetings', {
        topic: meeting.topic,
        type: 2, // a scheduled meeting
        start_time: zoomTime(meeting.start),
        duration: meeting.durationMinutes,
        timezone: timeZone,
        ...(meeting.agenda === undefined ? {} : { agenda: meeting.agenda }),
        // Registration required, each registrant approved at once: every learner gets a join link
        // of their own (addRegistrant), which cancelRegistrant can withdraw.
        settings: { approval_type: 0 },
      });
      const created = checked(answer, meetingAnswer);
      return { meetingId: String(created.id), joinUrl: created.join_url };
    },

    async addRegistrant(meetingId: string, registrant: Registrant): Promise<{ joinUrl: string }> {
      const answer = await call('POST', `/meetings/${zoomId(meetingId)}/registrants`, {
        email: registrant.email,
        first_name: registrant.firstname,
        last_name: registrant.lastname,
      });
      return { joinUrl: checked(answer, registrantAnswer).join_url };
    },

    async cancelRegistrant(meetingId: string, email: string): Promise<void> {
      const answer = await call('PUT', `/meetings/${zoomId(meetingId)}/registrants/status`, {
        action: 'cancel',
        registrants: [{ email }],
      });
      if (answer.status < 200 || answer.status > 299) throw refused(answer);
    },

    async joinUrl(meetingId: string): Promise<string> {
      return checked(await call('GET', `/meetings/${zoomId(meetingId)}`), meetingAnswer).join_url;
    },

    async recording(meetingId: string): Promise<MeetingRecording | null> {
      const asked = now();
      // The address goes to a learner's browser: it carries Zoom's download token, valid for this
      // account's recordings only and for `ttl` seconds, never the API token (which can do anything
      // on the account).
      const query = new URLSearchParams({
        include_fields: 'download_access_token',
        ttl: String(recordingLinkSeconds),
      });
      const answer = await call('GET', `/meetings/${zoomId(meetingId)}/recordings?${query}`);
      if (answer.status === 404 && zoomError.safeParse(answer.body).data?.code === 3301) return null;
      const recordings = checked(answer, recordingsAnswer);
      const videos = recordings.recording_files.filter(
        (f) => f.file_type === 'MP4' && f.status === 'completed' && f.download_url,
      );
      if (videos.length === 0) return null; // still being processed, or audio only
      const rank = (type?: string) => {
        const i = viewPreference.indexOf(type ?? '');
        return i === -1 ? viewPreference.length : i;
      };
      const video = videos.sort((a, b) => rank(a.recording_type) - rank(b.recording_type))[0]!;
      if (!recordings.download_access_token) {
        // Zoom leaves it out when the app's role may not view recording content.
        throw new MeetingsUnavailable('Zoom gave no download token for the recording', answer.status);
      }
      const url = new URL(video.download_url!);
      url.searchParams.set('access_token', recordings.download_access_token);
      return { url: url.toString(), expiresAt: new Date(asked + recordingLinkSeconds * 1000).toISOString() };
    },
  };
}

/**
 * Our meeting ids are Zoom's numbers written in decimal. They go into the path as digits (not through
 * Number, which could round a longer id); anything else never reaches Zoom.
 */
function zoomId(meetingId: string): string {
  if (!/^[1-9]\d{0,19}$/.test(meetingId))
    throw new MeetingsUnavailable(`Not a Zoom meeting id: ${meetingId}`);
  return meetingId;
}

/** Zoom's documented form for a UTC start is yyyy-MM-ddTHH:mm:ssZ (no fraction of a second). */
function zoomTime(start: string): string {
  const time = Date.parse(start);
  if (Number.isNaN(time)) throw new RangeError(`Not an ISO instant: ${start}`);
  return new Date(time).toISOString().replace(/\.\d{3}Z$/, 'Z');
}

/** Retry-After in delta-seconds or as an HTTP date; one second when Zoom gives none. */
function retryAfterMs(header: string | null, nowMs: number): number {
  if (header === null || header.trim() === '') return 1000;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? 1000 : Math.max(0, date - nowMs);
}

function unreachable(error: unknown): MeetingsUnavailable {
  const name = (error as { name?: string }).name;
  if (error instanceof MeetingsUnavailable) return error;
  return name === 'TimeoutError' || name === 'AbortError'
    ? new MeetingsUnavailable('Zoom did not answer in time')
    : new MeetingsUnavailable('Zoom could not be reached');
}

/** Zoom's error answer in words, with its own code when it gave one. */
function refused(answer: Answer): MeetingsUnavailable {
  const error = zoomError.safeParse(answer.body);
  const detail = error.success ? `: ${error.data.code} ${error.data.message}` : '';
  return new MeetingsUnavailable(`Zoom answered ${answer.status}${detail}`, answer.status);
}
