/** Errors in the shape of the Django REST framework, which the spec's clients and ERPs expect. */
export type FieldErrors = Record<string, string[]>;

export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly body: Record<string, unknown>,
    readonly headers: Record<string, string> = {},
  ) {
    super(typeof body.detail === 'string' ? body.detail : `HTTP ${statusCode}`);
    this.name = 'HttpError';
  }
}

export class ValidationError extends HttpError {
  constructor(readonly fields: FieldErrors) {
    super(400, fields);
    this.name = 'ValidationError';
    this.message = Object.entries(fields)
      .map(([field, messages]) => `${field}: ${messages.join(' ')}`)
      .join('; ');
  }
}

/** 409: the write would undo what someone else did (validating a packing item validated already). */
export class ConflictError extends HttpError {
  constructor(readonly detail: string) {
    super(409, { detail });
    this.name = 'ConflictError';
  }
}

export const fieldError = (field: string, message: string) => new ValidationError({ [field]: [message] });

export const notAuthenticated = () =>
  new HttpError(
    401,
    { detail: 'Authentication credentials were not provided.' },
    { 'WWW-Authenticate': 'Token' },
  );
export const invalidToken = () =>
  new HttpError(401, { detail: 'Invalid token.' }, { 'WWW-Authenticate': 'Token' });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new HttpError(403, { detail });
export const notFound = (detail = 'Not found.') => new HttpError(404, { detail });
export const tooManyRequests = (retryAfterSeconds: number, detail: string) =>
  new HttpError(429, { detail }, { 'Retry-After': String(retryAfterSeconds) });
export const serviceUnavailable = () =>
  new HttpError(
    503,
    { detail: 'The database is unavailable at the moment; try again shortly.' },
    { 'Retry-After': '5' },
  );
/** Too many sign-ins at once: this one would wait too long for the password check; nothing was done. */
export const signInBusy = (retryAfterSeconds: number) =>
  new HttpError(
    503,
    { detail: 'Many people are signing in right now; try again in a few seconds.' },
    { 'Retry-After': String(retryAfterSeconds) },
  );
/** The disk (of the files, or the database's: SQLSTATE 53100) is full: nothing was stored; try later. */
export const insufficientStorage = () =>
  new HttpError(
    507,
    { detail: 'The server has no space left to store this; nothing was saved. Try again later.' },
    { 'Retry-After': '60' },
  );
