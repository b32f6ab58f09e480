import { and, desc, eq, gte, ne, sql } from 'drizzle-orm';
import { isNewsShown, type FunFact, type NewsItem } from '@medenglish/shared';
import type { Executor } from '../../db/client.js';
import { funFacts, news } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';

/** GET /funfact: every medical fact (a few kilobytes), cached by the app (SPEC §9). */
export async function allFunFacts(db: Executor): Promise<FunFact[]> {
  const rows = await db.select().from(funFacts).orderBy(funFacts.createdAt, funFacts.body);
  return rows.map((r) => ({ _id: r.id, body: r.body }));
}

/** GET /funfact/random/{id}: another fact than the one on screen. */
export async function randomFunFact(db: Executor, exceptId: string): Promise<FunFact> {
  const [row] = await db
    .select()
    .from(funFacts)
    .where(ne(funFacts.id, exceptId))
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw notFound();
  return { _id: row.id, body: row.body };
}

/**
 * GET /news/last/{type}: the audience's news within SPEC §9's window (this year, or last year's
 * months after the current one), newest first. The window is judged on days in the display zone.
 */
export async function lastNews(
  db: Executor,
  type: 'Students' | 'Companies',
  today: string,
  dayOf: (instant: Date) => string,
): Promise<NewsItem[]> {
  // Nothing older than thirteen months can be in the window: the rule then decides by month.
  const floor = new Date(`${today}T00:00:00Z`);
  floor.setUTCMonth(floor.getUTCMonth() - 13);
  const rows = await db
    .select()
    .from(news)
    .where(and(eq(news.type, type), gte(news.createdAt, floor)))
    .orderBy(desc(news.createdAt))
    .limit(50);
  return rows
    .filter((r) => isNewsShown(dayOf(r.createdAt), today))
    .map((r) => ({ _id: r.id, message: r.message, created_at: r.createdAt.toISOString() }));
}
