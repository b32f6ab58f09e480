import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';

/** SPEC §3 Theme (GET /theme), with the intro its page opens with and whether it has topics. */
export const linkTheme = z.object({
  _id: idSchema,
  name: z.string(),
  img: z.string().nullable(),
  intro: z.string(),
  hasTopics: z.boolean(),
});
export type LinkTheme = z.infer<typeof linkTheme>;

/** SPEC §3 Topic (GET /topic/theme/name/{themeName}). */
export const linkTopic = z.object({ _id: idSchema, name: z.string() });
export type LinkTopic = z.infer<typeof linkTopic>;

/** SPEC §3 Link (GET /link/topic/name/{topicName}, GET /link/theme/name/{themeName}). */
export const learningLink = z.object({
  _id: idSchema,
  name: z.string(),
  url: z.url({ protocol: /^https?$/ }),
});
export type LearningLink = z.infer<typeof learningLink>;

/** A theme or topic named in the path: any printable name, never a path of its own. */
const nameParam = z
  .string()
  .trim()
  .min(1)
  .max(120)
  .refine(noControlCharacters)
  .refine((s) => !/[/\\]/.test(s), 'invalid name');
export const themeNameParams = z.object({ themeName: nameParam });
export const topicNameParams = z.object({ topicName: nameParam });

/** Storage folder of the themes' pictures (served under /media). */
export const THEME_MEDIA_PREFIX = 'learning-links';
