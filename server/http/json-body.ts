import type { FastifyInstance } from 'fastify';
import { parse as parseLossless } from 'lossless-json';
import secureJson from 'secure-json-parse';

// A number literal with 16 or more digits: JSON.parse would round it through binary floating point.
const LONG_NUMBER = /(?:^|[\s,:[])-?(?:\d[.eE+-]?){16,}/;

const GUARD = { protoAction: 'error', constructorAction: 'error' } as const;

/**
 * JSON bodies, with decimals kept exactly as typed: a number literal too long for a double is read
 * as its text (the domain's decimal fields take text), never rounded. Prototype-poisoning keys are
 * refused as Fastify's own parser does.
 */
export function installJsonParser(app: FastifyInstance) {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      const value = LONG_NUMBER.test(text)
        ? secureJson.scan(
            parseLossless(text, null, (literal) => {
              const number = Number(literal);
              return Number.isSafeInteger(number) || String(number) === literal ? number : literal;
            }) as Record<string, unknown>,
            GUARD,
          )
        : secureJson.parse(text, GUARD);
      done(null, value);
    } catch (error) {
      const failure = error as Error & { statusCode?: number; code?: string };
      failure.statusCode = 400;
      failure.code = 'FST_ERR_CTP_INVALID_JSON_BODY';
      done(failure, undefined);
    }
  });
}
