import { z } from 'zod';
import { learningLink, linkTheme, linkTopic, themeNameParams, topicNameParams } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow } from '../../plugins/access-policy.js';
import { linksOfTheme, linksOfTopic, listThemes, topicsOfTheme } from './learning-links.service.js';

const tags = ['learning-links'];

/** SPEC §7 "Learning links": themes, a theme's topics, a topic's or a theme's links. */
export function registerLearningLinksRoutes(app: App, deps: Deps): void {
  app.get(
    '/theme',
    { config: { access: allow() }, schema: { tags, response: { 200: z.array(linkTheme) } } },
    () => listThemes(deps.db),
  );

  app.get(
    '/topic/theme/name/:themeName',
    {
      config: { access: allow() },
      schema: { tags, params: themeNameParams, response: { 200: z.array(linkTopic) } },
    },
    (request) => topicsOfTheme(deps.db, request.params.themeName),
  );

  app.get(
    '/link/topic/name/:topicName',
    {
      config: { access: allow() },
      schema: { tags, params: topicNameParams, response: { 200: z.array(learningLink) } },
    },
    (request) => linksOfTopic(deps.db, request.params.topicName),
  );

  app.get(
    '/link/theme/name/:themeName',
    {
      config: { access: allow() },
      schema: { tags, params: themeNameParams, response: { 200: z.array(learningLink) } },
    },
    (request) => linksOfTheme(deps.db, request.params.themeName),
  );
}
