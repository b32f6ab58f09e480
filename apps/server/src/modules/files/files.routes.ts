import { z } from 'zod';
import { downloadBody, downloadResponse, filesParams, storedFile } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, memberOf, ownCompany } from '../../plugins/access-policy.js';
import { downloadUrl, filesOfGroup } from './files.service.js';

const tags = ['files'];

/** SPEC §7 googlestorage files and download, through the storage adapter (local disk by default). */
export function registerFileRoutes(app: App, deps: Deps): void {
  app.get(
    '/googlestorage/files/:kind/:company/:group',
    {
      config: { access: allow(ownCompany('company'), memberOf('group')) },
      schema: { tags, params: filesParams, response: { 200: z.array(storedFile) } },
    },
    (request) => filesOfGroup(deps.db, request.params.group, request.params.kind),
  );

  app.post(
    '/googlestorage/download',
    {
      // The file must be one of the caller's groups' (or their company's): the service checks it.
      config: { access: allow() },
      schema: { tags, body: downloadBody, response: { 200: downloadResponse } },
    },
    (request) => downloadUrl(deps.db, deps.downloadLinks, caller(request).userId, request.body.filename),
  );
}
