import type { FastifyInstance } from 'fastify';
import { eq } from 'drizzle-orm';
import { formatDateTime, messages } from '@medenglish/shared';
import type { Db } from '../../db/client.js';
import { webinars } from '../../db/schema.js';
import { MEETING_ROOM_PREFIX } from '../../integrations/meetings/built-in-meetings.js';
import { escapeHtml } from '../../lib/html.js';

/**
 * The built-in provider's meeting room (issue 15): the page a join address opens when no Zoom
 * account is configured — the demo's stand-in for the meeting, saying which webinar it is.
 */
export function registerMeetingRoom(app: FastifyInstance, db: Db, timeZone: string): void {
  app.get<{ Params: { meetingId: string } }>(
    `${MEETING_ROOM_PREFIX}/:meetingId`,
    { schema: { hide: true } },
    async (request, reply) => {
      const meetingId = request.params.meetingId;
      const [row] = /^\d{6,20}$/.test(meetingId)
        ? await db.select().from(webinars).where(eq(webinars.meetingId, meetingId))
        : [];
      const body = row
        ? messages.webinars.room(row.topic, formatDateTime(row.start.toISOString(), timeZone))
        : messages.webinars.roomUnknown;
      return reply
        .status(row ? 200 : 404)
        .header('content-type', 'text/html; charset=utf-8')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'")
        .header('cache-control', 'no-store')
        .send(
          `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><title>MedEnglish</title>` +
            `<style>body{font:18px/1.5 system-ui,sans-serif;margin:0;display:grid;place-items:center;min-height:100vh;background:#0f766e;color:#fff}main{max-width:36rem;padding:2rem}</style></head>` +
            `<body><main><h1>MedEnglish</h1><p>${escapeHtml(body)}</p></main></body></html>`,
        );
    },
  );
}
