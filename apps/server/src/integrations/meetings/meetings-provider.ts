/**
 * The meetings adapter of issue 15 (webinars): one interface, two implementations chosen by
 * configuration — the built-in provider (generated meeting links, offline demo) and the Zoom API
 * (Server-to-Server OAuth). The webinars module knows only this interface.
 */
export interface NewMeeting {
  topic: string;
  /** ISO instant. */
  start: string;
  durationMinutes: number;
  agenda?: string;
}

export interface Registrant {
  email: string;
  firstname: string;
  lastname: string;
}

export interface Meeting {
  meetingId: string;
  joinUrl: string;
}

export interface MeetingRecording {
  /** A time-limited address where the browser can play or download the recording. */
  url: string;
  /** When that address stops working (ISO instant). */
  expiresAt: string;
}

export interface MeetingsProvider {
  readonly kind: 'built-in' | 'zoom';
  /** POST /zoom/meeting: a meeting with registration required. */
  createMeeting(meeting: NewMeeting): Promise<Meeting>;
  /** A learner's registration; answers their own join address. */
  addRegistrant(meetingId: string, registrant: Registrant): Promise<{ joinUrl: string }>;
  /** Cancels a learner's registration (no error if they were not registered). */
  cancelRegistrant(meetingId: string, email: string): Promise<void>;
  /** GET /zoom/meeting/single/{meetingId}: the meeting's join address. */
  joinUrl(meetingId: string): Promise<string>;
  /** The meeting's recording, or null while there is none. */
  recording(meetingId: string): Promise<MeetingRecording | null>;
}

/** Any failure of the provider (unreachable, refused, throttled too long, unexpected answer). */
export class MeetingsUnavailable extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'MeetingsUnavailable';
  }
}
