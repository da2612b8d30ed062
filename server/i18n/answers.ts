// A success's words in the request's language: the `detail` of an answer (password saved, contact
// received) and the refusals of a sync push, which the device keeps and shows its user. A push
// conflict's detail that is a code ('deleted', 'not_found', read by the device) matches no template and
// stays as it is.
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from './language.js';
import { translate } from './translate.js';

type Body = Record<string, unknown>;

const isBody = (value: unknown): value is Body =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function fieldLists(errors: Body, say: (text: string) => string): Body {
  return Object.fromEntries(
    Object.entries(errors).map(([field, list]) => [
      field,
      Array.isArray(list) ? list.map((item) => (typeof item === 'string' ? say(item) : item)) : list,
    ]),
  );
}

function pushResult(result: unknown, say: (text: string) => string): unknown {
  if (!isBody(result)) return result;
  const out: Body = { ...result };
  if (typeof result.detail === 'string') out.detail = say(result.detail);
  if (isBody(result.errors)) out.errors = fieldLists(result.errors, say);
  return out;
}

export function localiseAnswer(request: FastifyRequest, payload: unknown): unknown {
  if (!isBody(payload)) return payload;
  const language = requestLanguage(request);
  if (language === 'en') return payload;
  // No warning for a text left as it is: an error's body passes here too, already translated.
  const say = (text: string) => translate(text, language);
  let body = payload;
  if (typeof body.detail === 'string') body = { ...body, detail: say(body.detail) };
  if (request.routeOptions.url?.endsWith('/sync/push/') && Array.isArray(body.results))
    body = { ...body, results: body.results.map((result) => pushResult(result, say)) };
  return body;
}
