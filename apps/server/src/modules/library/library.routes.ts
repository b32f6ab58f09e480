import { z } from 'zod';
import { guide, video } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow, allowWithCookie } from '../../plugins/access-policy.js';
import { listGuides, listVideos } from './library.service.js';

const tags = ['content'];

/** SPEC §7 "Content": the video library (/videos) and the guides of /help, for anyone signed in. */
export function registerLibraryRoutes(app: App, deps: Deps): void {
  // SPEC §6: a path ending in an empty segment goes without the Authorization header; the
  // session cookie signs it in (as GET /glossary/).
  app.get(
    '/video/',
    { config: { access: allowWithCookie() }, schema: { tags, response: { 200: z.array(video) } } },
    () => listVideos(deps.db),
  );

  app.get(
    '/guide',
    { config: { access: allow() }, schema: { tags, response: { 200: z.array(guide) } } },
    () => listGuides(deps.db),
  );
}
