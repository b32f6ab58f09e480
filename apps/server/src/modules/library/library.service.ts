import { asc, desc } from 'drizzle-orm';
import type { Guide, Video } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { guides, videos } from '../../db/schema.js';

/** GET /video/: the video library in the order content gives it. */
export async function listVideos(db: Executor): Promise<Video[]> {
  const rows = await db.select().from(videos).orderBy(asc(videos.position), asc(videos.title));
  return rows.map((r) => ({
    _id: r.id,
    title: r.title,
    filename: r.filename,
    thumbnail: r.thumbnail,
    pdf: r.pdf,
    credits: r.credits,
    tags: r.tags,
    captions: r.captions,
    duration: r.durationSeconds,
  }));
}

/** GET /guide: the learners' guides, in the order content gives them, newest first after that. */
export async function listGuides(db: Executor): Promise<Guide[]> {
  const rows = await db.select().from(guides).orderBy(asc(guides.position), desc(guides.createdAt));
  return rows.map((r) => ({
    _id: r.id,
    name: r.name,
    filename: r.filename,
    thumbnail: r.thumbnail,
    created_at: r.createdAt.toISOString(),
  }));
}
