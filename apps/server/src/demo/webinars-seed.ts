import fs from 'node:fs/promises';
import path from 'node:path';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { users, webinarRegistrations, webinars } from '../db/schema.js';
import { builtInRecordingKey } from '../integrations/meetings/built-in-meetings.js';
import type { Storage } from '../integrations/storage/storage.js';
import { videosContentDir } from './content-paths.js';
import { addDays, atTime } from './demo-dates.js';

/** The demo's webinars (issue 15), each a meeting of the built-in provider. */
const DEMO_WEBINARS = [
  {
    key: 'breaking-bad-news',
    meetingId: '84210056731',
    days: 5,
    hour: 17,
    duration: 90,
    places: 40,
    topic: 'Breaking bad news in English: words that help',
    speaker: 'Dr Sarah Whitfield, palliative care consultant',
    blurb:
      'How to prepare, check what the patient already knows, give a warning shot and pause. We practise the SPIKES steps with short role plays and the phrases that sound natural in British English.',
  },
  {
    key: 'case-presentation',
    meetingId: '84210056732',
    days: 12,
    hour: 12,
    duration: 60,
    places: 2,
    topic: 'Presenting a clinical case at the morning meeting',
    speaker: 'Dr James Okafor, acute medicine registrar',
    blurb:
      'A clear structure for a two-minute presentation: the presenting complaint, relevant history, examination findings, investigations and your plan. Bring a case of your own (anonymised).',
  },
  {
    key: 'discharge-summary',
    meetingId: '84210056733',
    days: 20,
    hour: 17,
    duration: 75,
    places: 60,
    topic: 'Writing a discharge summary GPs want to read',
    speaker: 'Dr Emma Hughes, general practitioner',
    blurb:
      'What the GP needs first: diagnosis, changes to medicines and why, actions for primary care. We rewrite two real-looking summaries together.',
  },
  {
    key: 'explaining-medicines',
    meetingId: '84210056734',
    days: -10,
    hour: 17,
    duration: 60,
    places: 40,
    topic: 'Explaining medicines to patients',
    speaker: 'Priya Shah, clinical pharmacist',
    blurb:
      'Dose, route, frequency and duration in plain English, common side effects, and checking understanding with teach-back.',
    recordingFrom: 'explaining-a-prescription.mp4',
  },
  {
    key: 'telephone-history',
    meetingId: '84210056735',
    days: -40,
    hour: 12,
    duration: 45,
    places: 30,
    topic: 'Taking a history over the telephone',
    speaker: 'Dr Tom Reid, out-of-hours GP',
    blurb: 'Opening the call, checking identity, safety-netting and closing without visual cues.',
  },
] as const;

/**
 * Written once, into a platform without webinars: upcoming ones (one with a single place left),
 * past ones with and without a recording, Camille booked on one of each.
 */
export async function seedWebinarsIfEmpty(db: Db, storage: Storage, now = new Date()): Promise<boolean> {
  const [any] = await db.select({ id: webinars.id }).from(webinars).limit(1);
  if (any) return false;
  const rows = await db
    .insert(webinars)
    .values(
      DEMO_WEBINARS.map((w) => ({
        key: w.key,
        meetingId: w.meetingId,
        joinUrl: `/meet/${w.meetingId}`,
        topic: w.topic,
        blurb: w.blurb,
        speaker: w.speaker,
        start: atTime(addDays(now, w.days), w.hour, 0),
        durationMinutes: w.duration,
        places: w.places,
        recording: 'recordingFrom' in w ? `${w.key}.mp4` : null,
      })),
    )
    .returning({ id: webinars.id, key: webinars.key });
  for (const w of DEMO_WEBINARS) {
    if (!('recordingFrom' in w)) continue;
    const file = await fs.readFile(path.join(videosContentDir, w.recordingFrom));
    await storage.put(builtInRecordingKey(w.meetingId), file);
  }
  const learners = await db
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(users.email, ['etudiant.demo@demo-univ.fr', 'tiers-temps.demo@demo-univ.fr']));
  const idOf = (email: string) => learners.find((l) => l.email === email)?.id;
  const webinarOf = (key: string) => rows.find((r) => r.key === key)!.id;
  const bookings = [
    ['etudiant.demo@demo-univ.fr', 'breaking-bad-news'],
    ['etudiant.demo@demo-univ.fr', 'explaining-medicines'],
    ['tiers-temps.demo@demo-univ.fr', 'case-presentation'],
  ] as const;
  const values = bookings.flatMap(([email, key]) => {
    const userId = idOf(email);
    return userId ? [{ userId, webinarId: webinarOf(key) }] : [];
  });
  if (values.length) await db.insert(webinarRegistrations).values(values);
  return true;
}
