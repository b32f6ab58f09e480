import { eq } from 'drizzle-orm';
import { messages, type Language, type User } from '@medenglish/shared';
import { users } from '../../db/schema.js';
import { notFound } from '../../lib/app-error.js';
import type { Db, Executor } from '../../db/client.js';
import { presentUser } from './user.presenter.js';

export async function getUser(db: Db, userId: string): Promise<User> {
  const [row] = await db.select().from(users).where(eq(users.id, userId));
  if (!row) throw notFound();
  return presentUser(row);
}

/**
 * Calls that name the learner by e-mail as well as by id (POST /module/test) serve only when the
 * e-mail is the caller's own: the access policy's ownEmail.
 */
export async function isOwnEmail(db: Executor, userId: string, email: string): Promise<boolean> {
  const [row] = await db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  return row !== undefined && row.email.toLowerCase() === email.trim().toLowerCase();
}

export async function isEmailAvailable(db: Db, email: string): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.email, email));
  return !row;
}

/** PUT /student/names/{id}: the rules ran in the schema; only the given names change. */
export async function updateNames(
  db: Db,
  userId: string,
  names: { firstname?: string; name?: string },
): Promise<{ message: string; user: User }> {
  const [row] = await db
    .update(users)
    .set({ ...names, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning();
  if (!row) throw notFound();
  return { message: messages.names.updated, user: presentUser(row) };
}

/** PUT /student/language/{id}: the interface language follows the learner to every device. */
export async function updateLanguage(
  db: Db,
  userId: string,
  language: Language,
): Promise<{ language: Language }> {
  const [row] = await db
    .update(users)
    .set({ language, updatedAt: new Date() })
    .where(eq(users.id, userId))
    .returning({ id: users.id });
  if (!row) throw notFound();
  return { language };
}
