import { domainMessage } from '../i18n/domain-messages.js';
import { type Message, say, type Text } from '../i18n/message.js';

/**
 * Errors in the shape of the Django REST framework, which the spec's clients and ERPs expect. Their
 * messages are keyed (i18n/message.ts), worded in the request's language by the error handler.
 */
export type FieldErrors = Record<string, Text[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(body.detail === undefined ? `HTTP ${statusCode}` : String(body.detail));
    this.name = 'HttpError';
  }
}

/** The field errors with each domain message's code (src/domain/messages.ts) as its keyed message. */
const worded = (fields: FieldErrors): FieldErrors =>
  Object.fromEntries(
    Object.entries(fields).map(([field, list]) => [
      field,
      list.map((message) => (typeof message === 'string' ? domainMessage(message) : message)),
    ]),
  );

export class ValidationError extends HttpError {
  readonly fields: FieldErrors;
  constructor(fields: FieldErrors) {
    const keyed = worded(fields);
    super(400, keyed);
    this.fields = keyed;
    this.name = 'ValidationError';
    this.message = Object.entries(fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
  }
}

/** 409: the write would undo what someone else did (validating a packing item validated already). */
export class ConflictError extends HttpError {
  constructor(readonly detail: Text) {
    super(409, { detail });
    this.name = 'ConflictError';
  }
}

export const fieldError = (field: string, message: Text) => new ValidationError({ [field]: [message] });

export const notAuthenticated = () =>
  new HttpError(401, { detail: say('auth.no_credentials') }, { 'WWW-Authenticate': 'Token' });
export const invalidToken = () =>
  new HttpError(401, { detail: say('auth.invalid_token') }, { 'WWW-Authenticate': 'Token' });
export const forbidden = (detail: Text = say('access.forbidden')) => new HttpError(403, { detail });
export const notFound = (detail: Text = say('not_found')) => new HttpError(404, { detail });
export const tooManyRequests = (retryAfterSeconds: number, detail: Message) =>
  new HttpError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) });
export const serviceUnavailable = () =>
  new HttpError(503, { detail: say('http.unavailable') }, { 'Retry-After': '5' });
/** Too many sign-ins at once: this one would wait too long for the password check; nothing was done. */
export const signInBusy = (retryAfterSeconds: number) =>
  new HttpError(503, { detail: say('auth.busy') }, { 'Retry-After': String(retryAfterSeconds) });
/** The disk (of the files, or the database's: SQLSTATE 53100) is full: nothing was stored; try later. */
export const insufficientStorage = () =>
  new HttpError(507, { detail: say('storage.full') }, { 'Retry-After': '60' });
