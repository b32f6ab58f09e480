import { z } from 'zod';
import { idSchema } from './common.js';

/**
 * SPEC §3 Video (GET /video/): _id, title, filename, thumbnail, pdf, credits, tags — plus what a
 * player needs (issue 14): its captions (WebVTT) and its length. File names are served from
 * storage under /media/resources/video (the video, its captions and its PDF) and /media/thumbnail.
 */
export const video = z.object({
  _id: idSchema,
  title: z.string(),
  filename: z.string(),
  thumbnail: z.string().nullable(),
  pdf: z.string().nullable(),
  credits: z.string(),
  tags: z.array(z.string()),
  captions: z.string().nullable(),
  /** Seconds. */
  duration: z.number().int().nonnegative(),
});
export type Video = z.infer<typeof video>;

/** SPEC §3 Guide (GET /guide): a learner's guide, a PDF under /media/guides. */
export const guide = z.object({
  _id: idSchema,
  name: z.string(),
  filename: z.string(),
  thumbnail: z.string().nullable(),
  created_at: z.string(),
});
export type Guide = z.infer<typeof guide>;

export const VIDEO_MEDIA_PREFIX = 'resources/video';
export const THUMBNAIL_MEDIA_PREFIX = 'thumbnail';
export const GUIDE_MEDIA_PREFIX = 'guides';
