// A success's words in the request's language: the `detail` of an answer (password saved, contact
// received) and the refusals of a sync push, which the device keeps and shows its user. A push
// conflict's detail that is a code ('deleted', 'not_found', read by the device) is no message and stays
// as it is. A keyed message is worded in English too (what a request without Accept-Language: es reads).
import type { FastifyRequest } from 'fastify';
import { type Language, requestLanguage } from './language.js';
import type { Message } from './message.js';
import { word, wordBody } from './translate.js';

type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function pushResult(result: unknown, language: Language): unknown {
  if (!isBody(result)) return result;
  const out: Body = { ...result };
  if (result.detail !== undefined) out.detail = word(result.detail, language);
  if (isBody(result.errors)) out.errors = wordBody(result.errors, language);
  return out;
}

export function localiseAnswer(request: FastifyRequest, payload: unknown): unknown {
  if (!isBody(payload)) return payload;
  const language = requestLanguage(request);
  // No warning for a text left as it is: an error's body passes here too, already worded.
  let body = payload;
  if (body.detail !== undefined) body = { ...body, detail: word(body.detail, language) };
  if (request.routeOptions.url?.endsWith('/sync/push/') && Array.isArray(body.results))
    body = { ...body, results: body.results.map((result) => pushResult(result, language)) };
  return body;
}

/** A success's `detail` in the request's language, for a route whose answer is typed as text. */
export const answerIn = (request: FastifyRequest, message: Message): string =>
  message.in(requestLanguage(request));
