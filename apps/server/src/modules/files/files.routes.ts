import { z } from 'zod';
import { downloadBody, downloadResponse, filesParams, storedFile } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { forbidden } from '../../lib/app-error.js';
import { caller, createAuthenticate } from '../../plugins/authenticate.js';
import { memberGroup } from '../groups/groups.service.js';
import { downloadUrl, filesOfGroup } from './files.service.js';

const tags = ['files'];

/** SPEC §7 googlestorage files and download, through the storage adapter (local disk by default). */
export function registerFileRoutes(app: App, deps: Deps): void {
  const authenticate = createAuthenticate(deps);

  app.get(
    '/googlestorage/files/:kind/:company/:group',
    {
      onRequest: authenticate,
      schema: { tags, params: filesParams, response: { 200: z.array(storedFile) } },
    },
    async (request) => {
      const me = caller(request);
      if (me.companyId !== request.params.company) throw forbidden();
      const group = await memberGroup(deps.db, me.userId, request.params.group);
      return filesOfGroup(deps.db, group.id, request.params.kind);
    },
  );

  app.post(
    '/googlestorage/download',
    { onRequest: authenticate, schema: { tags, body: downloadBody, response: { 200: downloadResponse } } },
    (request) => downloadUrl(deps.db, caller(request).userId, request.body.filename),
  );
}
