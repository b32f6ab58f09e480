import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrorCode, errorStatus, messages } from '@medenglish/shared';
import { AppError } from '../lib/app-error.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Message sent for a 400 on this route instead of the generic one (e.g. 'Invalid body'). */
    validationMessage?: string;
  }
}

/**
 * The one error handler (DESIGN "Conventions"): every failure leaves as
 * `{ error: { code, message, fields? } }` with the right 4xx status; bad input never becomes a
 * 500, and a 5xx never leaks internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    if (error instanceof AppError) {
      if (error.headers) void reply.headers(error.headers);
      return reply.status(error.status).send({
        error: {
          code: error.code,
          message: error.message,
          ...(error.fields ? { fields: error.fields } : {}),
        },
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields: Record<string, string> = {};
      for (const issue of error.validation) {
        const path = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || '_';
        fields[path] ??= issue.message ?? messages.common.invalidRequest;
      }
      const message = request.routeOptions.config?.validationMessage ?? messages.common.invalidRequest;
      return reply.status(400).send({ error: { code: ErrorCode.VALIDATION, message, fields } });
    }
    if (isInvalidTextForDatabase(error)) {
      // e.g. a NUL byte in a field: PostgreSQL refuses such text, and it is the client's input.
      return reply
        .status(400)
        .send({ error: { code: ErrorCode.VALIDATION, message: messages.common.invalidRequest } });
    }
    const status = (error as FastifyError).statusCode;
    if (status === 413) {
      return reply
        .status(413)
        .send({ error: { code: ErrorCode.PAYLOAD_TOO_LARGE, message: messages.common.invalidRequest } });
    }
    if (status && status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like: the client's fault, never a 500.
      const message = request.routeOptions.config?.validationMessage ?? messages.common.invalidRequest;
      return reply.status(400).send({ error: { code: ErrorCode.VALIDATION, message } });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply
      .status(errorStatus.INTERNAL)
      .send({ error: { code: ErrorCode.INTERNAL, message: messages.common.serverError } });
  });
}

/** PostgreSQL's refusals of text it cannot store: 22021 invalid byte sequence, 22P05 untranslatable. */
function isInvalidTextForDatabase(error: unknown): boolean {
  let current: unknown = error;
  while (current && typeof current === 'object') {
    const code = (current as { code?: unknown }).code;
    if (code === '22021' || code === '22P05') return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
