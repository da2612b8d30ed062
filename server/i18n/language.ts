// The language of a request's messages, from Accept-Language: English or Spanish; English when the
// header is missing or names neither (the ERP integrations send none).
import type { FastifyRequest } from 'fastify';

export type Language = 'en' | 'es';

/** The first of en/es in the header's order of preference (q values), or English. */
export function languageOf(header: string | string[] | undefined): Language {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const ranked = text
    .split(',')
    .map((part, order) => {
      const [tag = '', ...params] = part.trim().toLowerCase().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { base: tag.trim().split('-')[0], q: q === undefined ? 1 : Number(q), order };
    })
    .filter((entry) => (entry.base === 'en' || entry.base === 'es') && entry.q > 0)
    .sort((a, b) => b.q - a.q || a.order - b.order);
  return ranked[0]?.base === 'es' ? 'es' : 'en';
}

export const requestLanguage = (request: FastifyRequest): Language =>
  languageOf(request.headers['accept-language']);
