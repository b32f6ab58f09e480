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
    const sqlState = databaseErrorCode(error);
    if (sqlState?.startsWith('22')) {
      // A data exception (issue 32): a number out of range for its column, text PostgreSQL cannot
      // store (a NUL byte), a date past its calendar… — made of the client's input, never a 500.
      // The schemas bound what they can; this is the net under them. Logged by its code only: the
      // message and the query's parameters hold the very values sent.
      request.log.warn({ sqlState, route: request.routeOptions.url }, 'the database refused the input');
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
    request.log.error(
      { err: sqlState === undefined ? error : databaseErrorForLog(error, sqlState) },
      'unhandled error',
    );
    return reply
      .status(errorStatus.INTERNAL)
      .send({ error: { code: ErrorCode.INTERNAL, message: messages.common.serverError } });
  });
}

/** The chain of an error and its causes (Drizzle wraps the driver's error in `cause`). */
function* causes(error: unknown): Generator<object> {
  let current: unknown = error;
  for (let depth = 0; depth < 8 && current && typeof current === 'object'; depth++) {
    yield current;
    current = (current as { cause?: unknown }).cause;
  }
}

/** PostgreSQL's SQLSTATE of a database error (five digits or capitals, e.g. 22003), if it is one. */
function databaseErrorCode(error: unknown): string | undefined {
  for (const current of causes(error)) {
    const { code, severity } = current as { code?: unknown; severity?: unknown };
    // The driver's errors carry a severity too: 'EPIPE' and the like are a socket's, not SQL states.
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && typeof severity === 'string') return code;
  }
  return undefined;
}

/**
 * A database error as the log may show it: its SQL state, what it names in the schema, the
 * statement (its text has placeholders, never the values), and where it was raised — not the
 * driver's message nor Drizzle's, which quote the values sent (`params: …`, `value "…" is out of
 * range`), nor `detail`, which quotes a row's (`Key (email)=(…)`).
 */
function databaseErrorForLog(error: unknown, sqlState: string) {
  const chain = [...causes(error)] as {
    name?: unknown;
    query?: unknown;
    stack?: unknown;
    table?: unknown;
    column?: unknown;
    constraint?: unknown;
    routine?: unknown;
  }[];
  const withQuery = chain.find((c) => typeof c.query === 'string');
  const driver = chain.find((c) => typeof c.routine === 'string' || typeof c.constraint === 'string');
  const stack = typeof chain[0]?.stack === 'string' ? chain[0].stack : '';
  return {
    type: typeof chain[0]?.name === 'string' ? chain[0].name : 'Error',
    message: `database error ${sqlState}`,
    sqlState,
    ...(withQuery ? { query: withQuery.query } : {}),
    ...(driver
      ? { table: driver.table, column: driver.column, constraint: driver.constraint, routine: driver.routine }
      : {}),
    // The frames only: the first line of a stack repeats the message.
    stack: stack
      .split('\n')
      .filter((line) => line.trimStart().startsWith('at '))
      .join('\n'),
  };
}
