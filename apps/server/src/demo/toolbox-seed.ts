import fs from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  GUIDE_MEDIA_PREFIX,
  THEME_MEDIA_PREFIX,
  THUMBNAIL_MEDIA_PREFIX,
  VIDEO_MEDIA_PREFIX,
} from '@medenglish/shared';
import type { Db } from '../db/client.js';
import { guides, learningLinks, linkThemes, linkTopics, videos } from '../db/schema.js';
import { inTransaction } from '../db/transactions.js';
import type { Storage } from '../integrations/storage/storage.js';
import { helpContentDir, learningLinksContentDir, videosContentDir } from './content-paths.js';
import { simplePdf } from './simple-pdf.js';

/**
 * The demo's toolbox content (issue 14): the video library, the learners' guides and the learning
 * links, loaded at every start from demo/videos, demo/help and demo/learning-links — rows upserted
 * by key, files copied to storage when missing or changed — so a corrected text or link reaches an
 * existing demo as the medical facts do.
 */
export async function loadToolboxContent(
  db: Db,
  storage: Storage,
  dirs = { videos: videosContentDir, help: helpContentDir, links: learningLinksContentDir },
): Promise<void> {
  await loadVideos(db, storage, dirs.videos);
  await loadGuides(db, storage, dirs.help);
  await loadLearningLinks(db, storage, dirs.links);
}

/** A content file copied to storage unless the same size is already there. */
async function copyToStorage(storage: Storage, source: string, key: string): Promise<void> {
  const [from, to] = await Promise.all([fs.stat(source), storage.head(key)]);
  if (!to || to.size !== from.size) await storage.put(key, await fs.readFile(source));
}

const readJson = async (file: string): Promise<unknown> => JSON.parse(await fs.readFile(file, 'utf8'));

const videoFile = z.array(
  z.object({
    key: z.string().min(1),
    title: z.string().min(1),
    filename: z.string().min(1),
    thumbnail: z.string().min(1),
    captions: z.string().min(1),
    pdf: z.string().min(1).nullable(),
    durationSeconds: z.number().int().nonnegative(),
    credits: z.string(),
    tags: z.array(z.string()),
  }),
);

async function loadVideos(db: Db, storage: Storage, dir: string): Promise<void> {
  const list = videoFile.parse(await readJson(path.join(dir, 'videos.json')));
  for (const v of list) {
    await copyToStorage(storage, path.join(dir, v.filename), `${VIDEO_MEDIA_PREFIX}/${v.filename}`);
    await copyToStorage(storage, path.join(dir, v.captions), `${VIDEO_MEDIA_PREFIX}/${v.captions}`);
    await copyToStorage(storage, path.join(dir, v.thumbnail), `${THUMBNAIL_MEDIA_PREFIX}/${v.thumbnail}`);
    if (v.pdf) await copyToStorage(storage, path.join(dir, v.pdf), `${VIDEO_MEDIA_PREFIX}/${v.pdf}`);
  }
  const rows = list.map((v, position) => ({
    key: v.key,
    title: v.title,
    filename: v.filename,
    thumbnail: v.thumbnail,
    captions: v.captions,
    pdf: v.pdf,
    durationSeconds: v.durationSeconds,
    credits: v.credits,
    tags: v.tags,
    position,
  }));
  if (rows.length === 0) return;
  await db
    .insert(videos)
    .values(rows)
    .onConflictDoUpdate({
      target: videos.key,
      set: excluded([
        'title',
        'filename',
        'thumbnail',
        'captions',
        'pdf',
        'duration_seconds',
        'credits',
        'tags',
        'position',
      ]),
    });
}

const guideFile = z.array(
  z.object({
    key: z.string().min(1),
    name: z.string().min(1),
    pages: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })),
  }),
);

/** The guides are written as text and stored as PDFs, as the learner downloads them. */
async function loadGuides(db: Db, storage: Storage, dir: string): Promise<void> {
  const list = guideFile.parse(await readJson(path.join(dir, 'guides.json')));
  for (const g of list) {
    const lines = g.pages.flatMap((p) => [
      p.heading.toUpperCase(),
      '',
      ...p.paragraphs.flatMap((x) => [x, '']),
      '',
    ]);
    const pdf = simplePdf(g.name, lines);
    const key = `${GUIDE_MEDIA_PREFIX}/${g.key}.pdf`;
    const stored = await storage.head(key);
    if (!stored || stored.size !== pdf.length) await storage.put(key, pdf);
  }
  const rows = list.map((g, position) => ({ key: g.key, name: g.name, filename: `${g.key}.pdf`, position }));
  if (rows.length === 0) return;
  await db
    .insert(guides)
    .values(rows)
    .onConflictDoUpdate({ target: guides.key, set: excluded(['name', 'filename', 'position']) });
}

const link = z.object({ name: z.string().min(1), url: z.url({ protocol: /^https$/ }) });
const themeFile = z.array(
  z.object({
    key: z.string().min(1),
    name: z.string().min(1),
    image: z.string().min(1),
    intro: z.string(),
    topics: z
      .array(z.object({ key: z.string().min(1), name: z.string().min(1), links: z.array(link) }))
      .optional(),
    links: z.array(link).optional(),
  }),
);
const mobilityFile = z.object({
  name: z.string().min(1),
  intro: z.string(),
  image: z.string().min(1),
  links: z.array(link),
});

/**
 * Themes and topics are upserted by key; a demo theme's links are replaced as a whole in one
 * transaction (links have no key of their own), so a reader never sees a theme half loaded.
 * The International mobility card of SPEC §2 is the last theme.
 */
async function loadLearningLinks(db: Db, storage: Storage, dir: string): Promise<void> {
  const themes = themeFile.parse(await readJson(path.join(dir, 'themes.json')));
  const mobility = mobilityFile.parse(await readJson(path.join(dir, 'international-mobility.json')));
  const all = [...themes, { key: 'international-mobility', ...mobility, topics: undefined }];
  for (const theme of all) {
    await copyToStorage(storage, path.join(dir, theme.image), `${THEME_MEDIA_PREFIX}/${theme.image}`);
  }
  await inTransaction(db, async (tx) => {
    for (const [position, theme] of all.entries()) {
      const [row] = await tx
        .insert(linkThemes)
        .values({ key: theme.key, name: theme.name, img: theme.image, intro: theme.intro, position })
        .onConflictDoUpdate({ target: linkThemes.key, set: excluded(['name', 'img', 'intro', 'position']) })
        .returning({ id: linkThemes.id });
      const themeId = row!.id;
      await tx.delete(learningLinks).where(sql`${learningLinks.themeId} = ${themeId}`);
      await tx.delete(linkTopics).where(sql`${linkTopics.themeId} = ${themeId}`);
      const direct = (theme.links ?? []).map((l, i) => ({ themeId, name: l.name, url: l.url, position: i }));
      if (direct.length) await tx.insert(learningLinks).values(direct);
      for (const [topicPosition, topic] of (theme.topics ?? []).entries()) {
        const [t] = await tx
          .insert(linkTopics)
          .values({ themeId, key: topic.key, name: topic.name, position: topicPosition })
          .returning({ id: linkTopics.id });
        const links = topic.links.map((l, i) => ({
          themeId,
          topicId: t!.id,
          name: l.name,
          url: l.url,
          position: i,
        }));
        if (links.length) await tx.insert(learningLinks).values(links);
      }
    }
  });
}

/** `SET column = excluded.column` for an upsert. */
function excluded(columns: string[]): Record<string, ReturnType<typeof sql.raw>> {
  return Object.fromEntries(
    columns.map((c) => [c.replace(/_([a-z])/g, (_, l: string) => l.toUpperCase()), sql.raw(`excluded.${c}`)]),
  );
}
