// Answers in the request's language: an error's messages, a success's `detail` (password saved, contact
// received) and the refusals of a sync push, which the device keeps and shows its user (with their keys
// beside the texts, so it words them in its user's language). A message is
// keyed (message.ts) and worded here; a text is given as it is (a push conflict's detail that is a code,
// 'deleted' or 'not_found', read by the device; a value the code quotes). No text is read back into a
// message. A keyed message is worded in English too (what a request without Accept-Language: es reads).
import type { FastifyRequest } from 'fastify';
import { HttpError, ValidationError } from '../http/errors.js';
import { type Language, requestLanguage } from './language.js';
import { Message, type Text } from './message.js';

type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** A message of an answer in `language`: a keyed one worded in it, anything else as it is. */
const word = (text: unknown, language: Language): unknown =>
  text instanceof Message ? text.in(language) : text;

/** A message's key and values, for who words it itself; null for a text given as it is. */
const keyOf = (text: unknown, language: Language) => (text instanceof Message ? text.keyed(language) : null);

/** A body's messages (its values, and the items of its lists: DRF's `{field: [message]}`) in `language`. */
function wordBody(body: Body, language: Language): Body {
  const out: Body = {};
  for (const [field, value] of Object.entries(body))
    out[field] = Array.isArray(value) ? value.map((item) => word(item, language)) : word(value, language);
  return out;
}

/** The same error (status, field names, headers) with its messages in the language. */
export function localise(error: HttpError, language: Language): HttpError {
  if (error instanceof ValidationError)
    return new ValidationError(wordBody(error.fields, language) as Record<string, Text[]>);
  return new HttpError(error.statusCode, wordBody(error.body, language), error.headers);
}

function pushResult(result: unknown, language: Language): unknown {
  if (!isBody(result)) return result;
  const out: Body = { ...result };
  if (result.detail !== undefined) {
    out.detail = word(result.detail, language);
    out.detail_key = keyOf(result.detail, language);
  }
  if (isBody(result.errors)) {
    out.errors = wordBody(result.errors, language);
    out.error_keys = Object.fromEntries(
      Object.entries(result.errors).map(([field, list]) => [
        field,
        Array.isArray(list) ? list.map((text) => keyOf(text, language)) : [keyOf(list, language)],
      ]),
    );
  }
  return out;
}

export function localiseAnswer(request: FastifyRequest, payload: unknown): unknown {
  if (!isBody(payload)) return payload;
  const language = requestLanguage(request);
  let body = payload;
  if (body.detail !== undefined) body = { ...body, detail: word(body.detail, language) };
  if (request.routeOptions.url?.endsWith('/sync/push/') && Array.isArray(body.results))
    body = { ...body, results: body.results.map((result) => pushResult(result, language)) };
  return body;
}

/** A success's `detail` in the request's language, for a route whose answer is typed as text. */
export const answerIn = (request: FastifyRequest, message: Message): string =>
  message.in(requestLanguage(request));
