// A tablet on an app whose records differ from this release's (src/domain/data-version.ts) is told to
// reload before anything of its push or pull is done: 409 app_outdated. Its outbox stays on the device
// and goes once the new app runs. A request without the header (an older app, a script) is served.
import type { FastifyRequest } from 'fastify';
import { APP_OUTDATED, DATA_VERSION, DATA_VERSION_HEADER } from '../../src/domain/data-version.js';
import { HttpError } from '../http/errors.js';
import { say } from '../i18n/message.js';

export function checkDataVersion(request: FastifyRequest): void {
  const sent = request.headers[DATA_VERSION_HEADER];
  if (sent === undefined || sent === DATA_VERSION) return;
  throw new HttpError(409, {
    code: APP_OUTDATED,
    detail: say('sync.app_outdated'),
    data_version: DATA_VERSION,
  });
}
