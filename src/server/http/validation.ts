/**
 * The one validation path for every route: each part of a request (body, query string, path parameters, headers)
 * is parsed by its shared zod schema. A refusal is a 400 `validation_failed` whose `field` is the refused input's
 * path and whose message names that field in words; a refused path parameter is a 404 (an id that cannot exist
 * is "not found", never a 400 or a 500). The same refusal comes from `parseInput` for a handler that must pick
 * its schema itself.
 */
import type { FastifySchemaCompiler } from 'fastify';
import type { z } from 'zod';
import { describeIssue, fieldLabel, fieldPath, namesField } from '#shared/schemas/issue-message';
import { FIELD_ISSUE_TEXTS } from '#shared/texts';
import { AppError } from './app-error';

/** The parts of a request Fastify validates, as it names them. */
export type RequestPart = 'body' | 'querystring' | 'params' | 'headers';

const ROOT_LABEL: Record<RequestPart, string> = {
  body: FIELD_ISSUE_TEXTS.body,
  querystring: FIELD_ISSUE_TEXTS.query,
  params: FIELD_ISSUE_TEXTS.params,
  headers: FIELD_ISSUE_TEXTS.headers,
};

const ROOT_PATH: Record<RequestPart, string> = {
  body: 'body',
  querystring: 'query',
  params: 'params',
  headers: 'headers',
};

function partOf(httpPart: string | undefined): RequestPart {
  return httpPart === 'querystring' || httpPart === 'params' || httpPart === 'headers' ? httpPart : 'body';
}

/** Parses `value` with `schema`; a refusal throws the 400 every route answers (see the file header). */
export function parseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: RequestPart = 'body',
): z.output<S> {
  const result = safeParseInput(schema, value, part);
  if (result.success) return result.data;
  throw result.error;
}

function safeParseInput<S extends z.ZodType>(
  schema: S,
  value: unknown,
  part: RequestPart,
): { success: true; data: z.output<S> } | { success: false; error: AppError } {
  const result = schema.safeParse(value, { error: (issue) => describeIssue(issue, ROOT_LABEL[part]) });
  if (result.success) return { success: true, data: result.data };
  const issue = result.error.issues[0];
  const path = issue?.path ?? [];
  return { success: false, error: inputRefusal(path, issue?.message ?? '', part) };
}

/** The 400 for input refused at `path` of `part`; a product message that does not name the field gets its name. */
export function inputRefusal(path: readonly PropertyKey[], message: string, part: RequestPart): AppError {
  const label = fieldLabel(path, ROOT_LABEL[part]);
  const text = namesField(message, label) ? message : FIELD_ISSUE_TEXTS.withField(label, message);
  const error = new AppError('validation_failed', text, { field: fieldPath(path, ROOT_PATH[part]) });
  error.validationContext = part;
  return error;
}

/** Fastify's validator compiler: every route schema is a zod schema. */
export const validatorCompiler: FastifySchemaCompiler<z.ZodType> =
  ({ schema, httpPart }) =>
  (data) => {
    const result = safeParseInput(schema, data, partOf(httpPart));
    return result.success ? { value: result.data } : { error: result.error };
  };
