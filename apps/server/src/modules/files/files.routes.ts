import { z } from 'zod';
import { downloadBody, downloadResponse, filesParams, storedFile } from '@medenglish/shared';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { allow, memberOf, objectOf, ownCompany } from '../../plugins/access-policy.js';
import { downloadUrl, filesOfGroup, isFileOfMemberGroup } from './files.service.js';

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
      // Another group's file, an unknown or a malformed id: the same 404.
      config: {
        access: allow(
          objectOf('file of a group of the caller', 'body.filename', (d, id, claims) =>
            isFileOfMemberGroup(d.db, id, claims.userId),
          ),
        ),
      },
      schema: { tags, body: downloadBody, response: { 200: downloadResponse } },
    },
    (request) => downloadUrl(deps.db, deps.downloadLinks, request.body.filename),
  );
}
