import { createHmac, randomInt } from 'node:crypto';
import type { DownloadLinks } from '../storage/download-links.js';
import type { Storage } from '../storage/storage.js';
import type { Clock } from '../../lib/clock.js';
import type { MeetingsProvider } from './meetings-provider.js';

/** Where the built-in provider keeps a meeting's recording: private, served at signed addresses. */
export const builtInRecordingKey = (meetingId: string) => `recordings/webinars/${meetingId}.mp4`;
/** The path of the built-in meeting room (a page of this server, outside /api). */
export const MEETING_ROOM_PREFIX = '/meet';
const RECORDING_LINK_SECONDS = 3600;

/**
 * The offline meetings provider (issue 15): meeting numbers and join addresses generated here, a
 * room page on this server, recordings from storage at time-limited addresses. Lets the demo and
 * the tests book, join and replay webinars with no network; Zoom replaces it by configuration.
 */
export function createBuiltInMeetings(options: {
  secret: Uint8Array;
  storage: Storage;
  links: DownloadLinks;
  clock: Clock;
}): MeetingsProvider {
  // Relative: the room is on whichever address the learner reached this server by.
  const room = (meetingId: string) => `${MEETING_ROOM_PREFIX}/${meetingId}`;
  // A registrant's address carries a tag of their e-mail, as a provider's personal link does; the
  // room page does not need it, but the address is each learner's own.
  const tag = (meetingId: string, email: string) =>
    createHmac('sha256', options.secret)
      .update(`meeting\n${meetingId}\n${email}`)
      .digest('base64url')
      .slice(0, 16);
  return {
    kind: 'built-in',
    async createMeeting() {
      // Eleven digits, as meeting numbers are: never zero-led, so it reads the same as a number.
      const meetingId = `${randomInt(1, 10)}${String(randomInt(0, 10_000_000_000)).padStart(10, '0')}`;
      return { meetingId, joinUrl: room(meetingId) };
    },
    async addRegistrant(meetingId, registrant) {
      return { joinUrl: `${room(meetingId)}?tk=${tag(meetingId, registrant.email.toLowerCase())}` };
    },
    async cancelRegistrant() {},
    async joinUrl(meetingId) {
      return room(meetingId);
    },
    async recording(meetingId) {
      const key = builtInRecordingKey(meetingId);
      if (!(await options.storage.head(key))) return null;
      const url = await options.links.url(key, { expiresInSeconds: RECORDING_LINK_SECONDS });
      const expiresAt = new Date(options.clock.now().getTime() + RECORDING_LINK_SECONDS * 1000).toISOString();
      return { url, expiresAt };
    },
  };
}
