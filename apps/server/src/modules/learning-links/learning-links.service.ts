import { and, asc, eq, isNull, sql } from 'drizzle-orm';
import type { LearningLink, LinkTheme, LinkTopic } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { learningLinks, linkThemes, linkTopics } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';

/** GET /theme: every theme, in display order, saying whether it has topics or links of its own. */
export async function listThemes(db: Executor): Promise<LinkTheme[]> {
  const rows = await db
    .select({
      id: linkThemes.id,
      name: linkThemes.name,
      img: linkThemes.img,
      intro: linkThemes.intro,
      // Qualified by hand: inside the subquery a bare "id" would be the topic's own.
      hasTopics: sql<boolean>`exists (select 1 from link_topics t where t.theme_id = ${linkThemes}.id)`,
    })
    .from(linkThemes)
    .orderBy(asc(linkThemes.position), asc(linkThemes.name));
  return rows.map((r) => ({ _id: r.id, name: r.name, img: r.img, intro: r.intro, hasTopics: r.hasTopics }));
}

async function themeId(db: Executor, themeName: string): Promise<string> {
  const [theme] = await db
    .select({ id: linkThemes.id })
    .from(linkThemes)
    .where(eq(linkThemes.name, themeName));
  if (!theme) throw notFound();
  return theme.id;
}

/** GET /topic/theme/name/{themeName}: the theme's topics (an unknown theme is a 404). */
export async function topicsOfTheme(db: Executor, themeName: string): Promise<LinkTopic[]> {
  const id = await themeId(db, themeName);
  const rows = await db
    .select({ id: linkTopics.id, name: linkTopics.name })
    .from(linkTopics)
    .where(eq(linkTopics.themeId, id))
    .orderBy(asc(linkTopics.position), asc(linkTopics.name));
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

const presentLink = (r: { id: string; name: string; url: string }): LearningLink => ({
  _id: r.id,
  name: r.name,
  url: r.url,
});

/** GET /link/theme/name/{themeName}: the links that belong to the theme itself (no topic). */
export async function linksOfTheme(db: Executor, themeName: string): Promise<LearningLink[]> {
  const id = await themeId(db, themeName);
  const rows = await db
    .select()
    .from(learningLinks)
    .where(and(eq(learningLinks.themeId, id), isNull(learningLinks.topicId)))
    .orderBy(asc(learningLinks.position));
  return rows.map(presentLink);
}

/** GET /link/topic/name/{topicName}: the topic's links (an unknown topic is a 404). */
export async function linksOfTopic(db: Executor, topicName: string): Promise<LearningLink[]> {
  const [topic] = await db
    .select({ id: linkTopics.id })
    .from(linkTopics)
    .where(eq(linkTopics.name, topicName));
  if (!topic) throw notFound();
  const rows = await db
    .select()
    .from(learningLinks)
    .where(eq(learningLinks.topicId, topic.id))
    .orderBy(asc(learningLinks.position));
  return rows.map(presentLink);
}
