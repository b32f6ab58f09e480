import { z } from 'zod';
import { dayInTimeZone, funFact, funFactRandomParams, newsItem, newsParams } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { today } from '../../lib/clock.js';
import { allow } from '../../plugins/access-policy.js';
import { allFunFacts, lastNews, randomFunFact } from './content.service.js';

/** SPEC §7 "Content": medical facts and news (the other content lists come with their screens). */
export function registerContentRoutes(app: App, deps: Deps): void {
  const zone = deps.config.TZ_DISPLAY;

  app.get(
    '/funfact',
    { config: { access: allow() }, schema: { tags: ['content'], response: { 200: z.array(funFact) } } },
    () => allFunFacts(deps.db),
  );

  app.get(
    '/funfact/random/:id',
    {
      config: { access: allow() },
      schema: { tags: ['content'], params: funFactRandomParams, response: { 200: funFact } },
    },
    (request) => randomFunFact(deps.db, request.params.id),
  );

  app.get(
    '/news/last/:type',
    {
      config: { access: allow() },
      schema: { tags: ['content'], params: newsParams, response: { 200: z.array(newsItem) } },
    },
    (request) =>
      lastNews(deps.db, request.params.type, today(deps.clock, zone), (instant) =>
        dayInTimeZone(instant, zone),
      ),
  );
}
