import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import {
  deleteFileAnswer,
  ErrorCode,
  getFileBody,
  idSchema,
  messages,
  UPLOAD_MAX_BYTES,
  uploadAnswer,
  uploadedFile,
  uploadFields,
} from '@medenglish/shared';
import { z } from 'zod';
import type { App } from '../../lib/route-types.js';
import type { Deps } from '../../deps.js';
import { AppError } from '../../lib/app-error.js';
import { caller } from '../../plugins/authenticate.js';
import { allow, objectOf, role } from '../../plugins/access-policy.js';
import {
  canReadUpload,
  deleteUpload,
  learnersUpload,
  ownsUpload,
  storeUpload,
  uploadLink,
  type ReceivedFile,
} from './upload.service.js';

const tags = ['exam'];
const fileIdParams = z.object({ fileId: idSchema });

/** The parts POST /upload reads: the text fields of SPEC §7 and one file, nothing more. */
const PART_LIMITS = { fileSize: UPLOAD_MAX_BYTES, files: 1, fields: 8, fieldSize: 2048, parts: 9 };

/**
 * SPEC §7 "Written and file exams": the abstract upload (exam type 3, issue 13). Registered in a
 * scope of its own so that only POST /upload accepts multipart bodies.
 */
export async function registerUploadRoutes(scope: FastifyInstance, deps: Deps): Promise<void> {
  await scope.register(multipart, { limits: PART_LIMITS, throwFileSizeLimit: false });
  const app = scope as unknown as App;
  // Registered in this order on purpose: the access table (access-table.db.test.ts) calls them in
  // it, reading the caller's file, then deleting it, then uploading one again.

  app.post(
    '/getfile',
    {
      config: { access: allow(role('learner')) },
      schema: {
        tags,
        description: "The learner's file in their group of that name (none or one).",
        body: getFileBody,
        response: { 200: z.array(uploadedFile) },
      },
    },
    (request) => learnersUpload(deps, caller(request).userId, request.body),
  );

  app.get(
    '/file/:fileId',
    {
      config: { access: allow(objectOf('upload readable by the caller', 'fileId', canReadUpload)) },
      schema: {
        tags,
        description:
          "A time-limited address of an uploaded file: its learner, the group's teachers, the manager.",
        params: fileIdParams,
        response: { 200: z.object({ url: z.string() }) },
      },
    },
    (request) => uploadLink(deps, request.params.fileId),
  );

  app.get(
    '/file/delete/:fileId',
    {
      // SPEC §7 keeps deletion a GET; the token travels in a header, never in a cookie, so another
      // site cannot make a learner's browser call it.
      config: {
        access: allow(objectOf('own upload', 'fileId', (d, id, claims) => ownsUpload(d, id, claims.userId))),
      },
      schema: { tags, params: fileIdParams, response: { 200: deleteFileAnswer } },
    },
    (request) => deleteUpload(deps, caller(request).userId, request.params.fileId),
  );

  app.post(
    '/upload',
    {
      // The multipart body names the learner (email) and their group and company by name; the
      // service matches them against the caller's own row and groups in one statement, so
      // another learner's address or a group not theirs is refused (403) there.
      config: { access: allow(role('learner')) },
      bodyLimit: UPLOAD_MAX_BYTES + 64 * 1024,
      schema: {
        tags,
        consumes: ['multipart/form-data'],
        description:
          "multipart/form-data: email, name, groupName, companyName, file, filename (SPEC §7). The e-mail must be the caller's and the group one of theirs.",
        response: { 200: uploadAnswer },
      },
    },
    async (request) => {
      if (!request.isMultipart()) throw new AppError(ErrorCode.VALIDATION, messages.exam.upload.noFile);
      const fields: Record<string, string> = {};
      let file: ReceivedFile | null = null;
      for await (const part of request.parts()) {
        if (part.type === 'file') {
          const chunks: Buffer[] = [];
          for await (const chunk of part.file) chunks.push(chunk as Buffer);
          if (part.fieldname === 'file' && !file) {
            file = { filename: part.filename, bytes: Buffer.concat(chunks), truncated: part.file.truncated };
          }
        } else if (typeof part.value === 'string') {
          fields[part.fieldname] = part.value;
        }
      }
      const parsed = uploadFields.safeParse(fields);
      if (!parsed.success) throw new AppError(ErrorCode.VALIDATION, messages.common.invalidRequest);
      return storeUpload(deps, caller(request).userId, parsed.data, file);
    },
  );
}
