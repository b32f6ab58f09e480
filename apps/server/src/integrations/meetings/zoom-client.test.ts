import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { MeetingsUnavailable, type MeetingsProvider } from './meetings-provider.js';
import { createZoomMeetings, type ZoomMeetingsOptions } from './zoom-client.js';
import { startZoomProtocolServer, type ZoomProtocolServer } from './zoom-protocol-server.js';

const credentials = { accountId: 'acc-medenglish', clientId: 'client-123', clientSecret: 'secret-456' };
const START = Date.parse('2026-11-25T10:00:00Z');

/** What a call rejected with (it must reject). */
const failure = (call: Promise<unknown>) =>
  call.then(
    () => {
      throw new Error('the call succeeded');
    },
    (error: unknown) => error,
  );

/** The Zoom adapter against the stand-in speaking Zoom's protocol, over real loopback HTTP (issue 15). */
describe('the Zoom meetings adapter', () => {
  let zoom: ZoomProtocolServer;
  // One clock for the stand-in and the clients: token and link lifetimes are tested by moving it.
  let clock = START;
  const make = (overrides: Partial<ZoomMeetingsOptions> = {}): MeetingsProvider =>
    createZoomMeetings({
      ...credentials,
      apiBase: zoom.apiBase,
      oauthBase: zoom.oauthBase,
      timeoutMs: 500,
      now: () => clock,
      ...overrides,
    });
  const newMeeting = (meetings: MeetingsProvider) =>
    meetings.createMeeting({
      topic: 'Presenting a patient',
      start: '2026-12-03T17:30:00.000Z',
      durationMinutes: 45,
    });

  beforeAll(async () => {
    zoom = await startZoomProtocolServer({ ...credentials, now: () => clock });
  });
  afterAll(() => zoom.close());
  afterEach(() =>
    Object.assign(zoom.state, {
      throttleNext: 0,
      retryAfterSeconds: 1,
      failWith: null,
      hang: false,
      malformed: false,
      refuseTokens: false,
    }),
  );

  it('creates a scheduled meeting with automatic registration, registers and cancels a learner, gives the join address', async () => {
    const meetings = make();
    expect(meetings.kind).toBe('zoom');
    const meeting = await meetings.createMeeting({
      topic: 'Case presentation',
      start: '2026-12-03T17:30:00.000Z',
      durationMinutes: 60,
      agenda: 'Presenting a patient to a consultant',
    });
    expect(meeting.meetingId).toMatch(/^\d{11}$/);
    expect(zoom.state.requests.at(-1)).toEqual({
      method: 'POST',
      path: '/users/me/meetings',
      body: {
        topic: 'Case presentation',
        type: 2,
        start_time: '2026-12-03T17:30:00Z',
        duration: 60,
        timezone: 'Europe/Paris',
        agenda: 'Presenting a patient to a consultant',
        settings: { approval_type: 0 },
      },
    });
    const stored = zoom.state.meetings.get(meeting.meetingId)!;
    expect(meeting.joinUrl).toBe(stored.join_url);
    expect(await meetings.joinUrl(meeting.meetingId)).toBe(meeting.joinUrl);

    const learner = { email: 'ana.bell@univ.fr', firstname: 'Ana', lastname: 'Bell' };
    const { joinUrl } = await meetings.addRegistrant(meeting.meetingId, learner);
    expect(joinUrl.startsWith(`${zoom.url}/w/${meeting.meetingId}?tk=`)).toBe(true);
    expect(zoom.state.requests.at(-1)!.body).toEqual({
      email: learner.email,
      first_name: 'Ana',
      last_name: 'Bell',
    });
    expect((await fetch(joinUrl)).status).toBe(200);
    // Registering again keeps the same link.
    expect((await meetings.addRegistrant(meeting.meetingId, learner)).joinUrl).toBe(joinUrl);

    await meetings.cancelRegistrant(meeting.meetingId, learner.email);
    expect(zoom.state.requests.at(-1)).toEqual({
      method: 'PUT',
      path: `/meetings/${meeting.meetingId}/registrants/status`,
      body: { action: 'cancel', registrants: [{ email: learner.email }] },
    });
    expect((await fetch(joinUrl)).status).toBe(403);
    // Someone who was not registered: no error.
    await meetings.cancelRegistrant(meeting.meetingId, 'nobody@univ.fr');
  });

  it("answers Zoom's refusals and ids that are not Zoom's as MeetingsUnavailable", async () => {
    const meetings = make();
    const missing = await failure(meetings.joinUrl('99999999999'));
    expect(missing).toBeInstanceOf(MeetingsUnavailable);
    expect(missing).toMatchObject({ status: 404, message: expect.stringContaining('3001') });
    const sent = zoom.state.apiRequests;
    expect(await failure(meetings.joinUrl('../users/me'))).toBeInstanceOf(MeetingsUnavailable);
    expect(zoom.state.apiRequests).toBe(sent);
    await expect(
      meetings.createMeeting({ topic: 'x', start: 'tomorrow', durationMinutes: 30 }),
    ).rejects.toThrow(RangeError);
  });

  it('has no recording until Zoom has a completed MP4, then a time-limited address that plays it', async () => {
    const meetings = make({ recordingLinkSeconds: 1800 });
    const { meetingId } = await newMeeting(meetings);
    expect(await meetings.recording(meetingId)).toBeNull(); // 404, code 3301
    expect(zoom.state.requests.at(-1)!.path).toBe(
      `/meetings/${meetingId}/recordings?include_fields=download_access_token&ttl=1800`,
    );
    zoom.setRecording(meetingId, 'processing');
    expect(await meetings.recording(meetingId)).toBeNull(); // only the audio file is ready

    zoom.setRecording(meetingId, 'completed');
    const recording = await meetings.recording(meetingId);
    const speakerView = zoom.state.meetings
      .get(meetingId)!
      .recording_files!.find((f) => f.recording_type === 'shared_screen_with_speaker_view')!;
    const url = new URL(recording!.url);
    expect(`${url.origin}${url.pathname}`).toBe(speakerView.download_url);
    // The browser gets Zoom's download token, not the API token.
    expect(url.searchParams.get('access_token')).toMatch(/^stand-in-download\./);
    expect(recording!.expiresAt).toBe(new Date(clock + 1800_000).toISOString());
    const video = await fetch(recording!.url);
    expect(video.status).toBe(200);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect((await fetch(speakerView.download_url)).status).toBe(401);

    clock += 1801_000;
    expect((await fetch(recording!.url)).status).toBe(401);
  });

  it('asks for one token for calls made together, and keeps it', async () => {
    const { meetingId } = await newMeeting(make());
    const meetings = make();
    const before = zoom.state.tokenRequests;
    const urls = await Promise.all(Array.from({ length: 10 }, () => meetings.joinUrl(meetingId)));
    expect(new Set(urls).size).toBe(1);
    await meetings.joinUrl(meetingId);
    expect(zoom.state.tokenRequests - before).toBe(1);
  });

  it('renews a token before it ends, and once when Zoom refuses it, then calls again', async () => {
    const meetings = make();
    const { meetingId } = await newMeeting(meetings);
    let tokens = zoom.state.tokenRequests;
    let refused = zoom.state.unauthorized;

    // Zoom says the token has expired (124): one new token for the five calls, each retried once.
    zoom.expireAllTokens();
    await Promise.all(Array.from({ length: 5 }, () => meetings.joinUrl(meetingId)));
    expect(zoom.state.tokenRequests - tokens).toBe(1);
    expect(zoom.state.unauthorized - refused).toBe(5);

    // A minute before the hour is over, the client renews it itself: Zoom never refuses it.
    tokens = zoom.state.tokenRequests;
    refused = zoom.state.unauthorized;
    clock += 3600_000 - 59_000;
    await meetings.joinUrl(meetingId);
    await meetings.joinUrl(meetingId);
    expect(zoom.state.tokenRequests - tokens).toBe(1);
    expect(zoom.state.unauthorized - refused).toBe(0);

    // A fresh token refused too: one retry only, then a failure.
    tokens = zoom.state.tokenRequests;
    refused = zoom.state.unauthorized;
    zoom.state.refuseTokens = true;
    const error = await failure(meetings.joinUrl(meetingId));
    expect(error).toBeInstanceOf(MeetingsUnavailable);
    expect(error).toMatchObject({ status: 401 });
    expect(zoom.state.tokenRequests - tokens).toBe(1);
    expect(zoom.state.unauthorized - refused).toBe(2);
  });

  it('waits out throttling as Zoom asks, twice at most, and not for a long wait', async () => {
    const meetings = make();
    const { meetingId } = await newMeeting(meetings);

    zoom.state.throttleNext = 1;
    let sent = zoom.state.apiRequests;
    let started = Date.now();
    expect(await meetings.joinUrl(meetingId)).toMatch(/\/j\//);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950); // Retry-After: 1
    expect(zoom.state.apiRequests - sent).toBe(2);

    zoom.state.throttleNext = Infinity;
    zoom.state.retryAfterSeconds = 0;
    sent = zoom.state.apiRequests;
    expect(await failure(meetings.joinUrl(meetingId))).toMatchObject({
      name: 'MeetingsUnavailable',
      status: 429,
    });
    expect(zoom.state.apiRequests - sent).toBe(3);

    // A daily limit (Retry-After: hours): no waiting, no retry.
    zoom.state.retryAfterSeconds = 7200;
    sent = zoom.state.apiRequests;
    started = Date.now();
    expect(await failure(meetings.joinUrl(meetingId))).toMatchObject({ status: 429 });
    expect(zoom.state.apiRequests - sent).toBe(1);
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('turns errors, wrong credentials, unexpected answers, no answer and no server into MeetingsUnavailable', async () => {
    const meetings = make();
    const { meetingId } = await newMeeting(meetings);

    zoom.state.failWith = 500;
    const error = await failure(meetings.joinUrl(meetingId));
    expect(error).toBeInstanceOf(MeetingsUnavailable);
    expect(error).toMatchObject({ status: 500 });
    zoom.state.failWith = null;

    zoom.state.malformed = true;
    expect(await failure(meetings.joinUrl(meetingId))).toBeInstanceOf(MeetingsUnavailable);
    expect(await failure(meetings.recording(meetingId))).toBeInstanceOf(MeetingsUnavailable);
    zoom.state.malformed = false;

    for (const wrong of [{ clientSecret: 'not-the-secret' }, { accountId: 'another-account' }]) {
      const refused = await failure(make(wrong).joinUrl(meetingId));
      expect(refused).toBeInstanceOf(MeetingsUnavailable);
      expect(refused).toMatchObject({ status: 400 });
    }
    // A failed token request is not kept: the next call asks again.
    const tokens = zoom.state.tokenRequests;
    const once = make({ clientSecret: 'not-the-secret' });
    await failure(once.joinUrl(meetingId));
    await failure(once.joinUrl(meetingId));
    expect(zoom.state.tokenRequests - tokens).toBe(2);

    // No answer at all, for the API and for the token.
    zoom.state.hang = true;
    for (const client of [meetings, make()]) {
      const started = Date.now();
      const timedOut = await failure(client.joinUrl(meetingId));
      expect(timedOut).toBeInstanceOf(MeetingsUnavailable);
      expect((timedOut as Error).message).toMatch(/in time/);
      expect(Date.now() - started).toBeLessThan(1500);
    }
    zoom.state.hang = false;

    const nowhere = make({ apiBase: 'http://127.0.0.1:9/v2', oauthBase: 'http://127.0.0.1:9' });
    const unreachable = await failure(nowhere.joinUrl(meetingId));
    expect(unreachable).toBeInstanceOf(MeetingsUnavailable);
    expect((unreachable as Error).message).toMatch(/reached/);
  });
});
