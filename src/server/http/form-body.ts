/**
 * `application/x-www-form-urlencoded` bodies, for the routes of one encapsulated plugin (the voice provider's
 * callbacks post forms). Parsed with URLSearchParams into name → value; a name given more than once keeps every
 * value, in order, so a signature over the form (adapters/voice/twilio-signature.ts) sees what was sent. The app's
 * body limit applies as to every body.
 */
import type { FastifyInstance } from 'fastify';

export type FormBody = Record<string, string | string[]>;

/** Reads a form body into name → value (or values). */
export function parseForm(text: string): FormBody {
  const form: FormBody = {};
  for (const [name, value] of new URLSearchParams(text)) {
    const earlier = form[name];
    form[name] = earlier === undefined ? value : [...[earlier].flat(), value];
  }
  return form;
}

/** Lets the routes of `scope` (an encapsulated plugin) take form bodies. */
export function acceptFormBodies(scope: FastifyInstance): void {
  scope.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) => {
      done(null, parseForm(body.toString()));
    },
  );
}
