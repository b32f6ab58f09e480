import { z } from 'zod';
import { idSchema, noControlCharacters } from './common.js';

/**
 * Group files (SPEC §7 googlestorage): `distribution` and `meeting` documents shown on the
 * dashboard's group card, `resources` on /elearning/resources.
 */
export const FILE_KINDS = ['distribution', 'meeting', 'resources'] as const;
export type FileKind = (typeof FILE_KINDS)[number];

/** SPEC §3 Uploaded file; `id` is what POST /googlestorage/download takes as `filename`. */
export const storedFile = z.object({ id: z.string(), name: z.string(), createdTime: z.string() });
export type StoredFile = z.infer<typeof storedFile>;

export const filesParams = z.object({ kind: z.enum(FILE_KINDS), company: idSchema, group: idSchema });

export const downloadBody = z.object({
  filename: z.string().min(1).max(500).refine(noControlCharacters),
});
/** A link to the file for the browser to download (decision 0008: a capability URL). */
export const downloadResponse = z.object({ url: z.string() });
