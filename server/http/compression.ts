// How answers are compressed (@fastify/compress, registered in ../app.ts), and the sync pull's pages.
import { constants } from 'node:zlib';
import type { FastifyCompressOptions } from '@fastify/compress';

/**
 * Every answer: bodies up to 64 KB (a list page, a record) are compressed in one synchronous call: the
 * stream path (the plugin's default above 8 KB on 2 cores) doubled a list page's server CPU. Larger ones
 * (sync pages, reports) still stream, so the event loop is never held for long.
 */
export const compression = {
  threshold: 1024,
  syncThreshold: 64 * 1024,
  encodings: ['br', 'gzip', 'deflate'],
} satisfies FastifyCompressOptions;

/**
 * A sync pull page (up to 5,000 rows, 1-3 MB of JSON) at the fastest levels: brotli 1 rather than the
 * plugin's 4, gzip 1 rather than 6. On pages of packing items brotli 1 takes about a quarter of the CPU of
 * brotli 4 for about 5 % more bytes (gzip 1: half of gzip 6's CPU, about 7 % more): a first sync of
 * 100,000 items no longer spends the server's and the device's CPU on the last few percent of the size.
 * A route's options replace the plugin's, hence the spread.
 */
export const pullPageCompression = {
  ...compression,
  brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
  zlibOptions: { level: 1 },
} satisfies FastifyCompressOptions;
