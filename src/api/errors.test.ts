import { HTTPError, type NormalizedOptions, TimeoutError } from 'ky';
import { describe, expect, it } from 'vitest';
import { decodeBody, describeApiError, fieldErrors, linesFromBody } from './errors';
import { importRefusal } from './import';

function httpError(status: number, body: BodyInit | null, statusText = ''): HTTPError {
  const request = new Request('http://localhost/api/x/');
  return new HTTPError(new Response(body, { status, statusText }), request, {} as NormalizedOptions);
}

describe('linesFromBody', () => {
  it('gives each field as a label followed by its messages, general messages without a label', () => {
    expect(linesFromBody({ email: ['Enter a valid email.'], name: ['Required.', 'Too short.'] })).toEqual([
      { label: 'email', messages: ['Enter a valid email.'] },
      { label: 'name', messages: ['Required.', 'Too short.'] },
    ]);
    expect(linesFromBody({ non_field_errors: ['Unable to log in with provided credentials.'] })).toEqual([
      { label: null, messages: ['Unable to log in with provided credentials.'] },
    ]);
    expect(linesFromBody({ detail: 'Not found.' })).toEqual([{ label: null, messages: ['Not found.'] }]);
  });

  it('flattens nested errors with dotted labels', () => {
    expect(linesFromBody({ items: [{ quantity: ['Must be positive.'] }] })).toEqual([
      { label: 'items.0.quantity', messages: ['Must be positive.'] },
    ]);
  });
});

describe('describeApiError', () => {
  it('maps a DRF 400 body to an ERROR notice of 3000 ms', async () => {
    const notice = await describeApiError(
      httpError(400, JSON.stringify({ company: ['This field is required.'] })),
    );
    expect(notice).toMatchObject({ title: 'ERROR', autoClose: 3000, status: 400 });
    expect(notice.lines).toEqual([{ label: 'company', messages: ['This field is required.'] }]);
  });

  it('decodes a binary error body from a download', async () => {
    const bytes = new TextEncoder().encode(JSON.stringify({ detail: 'Report not found.' }));
    const notice = await describeApiError(httpError(404, bytes));
    expect(notice.lines).toEqual([{ label: null, messages: ['Report not found.'] }]);
    expect(await decodeBody(new Blob([bytes]))).toEqual({ detail: 'Report not found.' });
  });

  it('falls back to the status for an empty body and reports network failures', async () => {
    expect((await describeApiError(httpError(502, null, 'Bad Gateway'))).lines[0].messages).toEqual([
      '502 Bad Gateway',
    ]);
    const network = await describeApiError(new TypeError('Failed to fetch'));
    expect(network.title).toBe('ERROR');
    expect(network.status).toBeUndefined();
    expect((await describeApiError(new TimeoutError(new Request('http://localhost/')))).lines).toHaveLength(
      1,
    );
  });

  it('reads field errors of a 400 answer for forms', async () => {
    const error = httpError(
      400,
      JSON.stringify({ email: ['Enter a valid email.'], non_field_errors: ['No.'] }),
    );
    expect(await fieldErrors(error)).toEqual({ email: ['Enter a valid email.'], non_field_errors: ['No.'] });
    expect(await fieldErrors(httpError(500, null))).toBeNull();
  });
});

describe("an import's refusal", () => {
  it('reads a file too large (413) or for a project gone (404) as a refusal, its detail not said twice', async () => {
    // The body as server/i18n/messages.test.ts checks the server answers it.
    const text = 'El archivo supera el límite de 0.2 MB.';
    const whole = { row: null, column: null, header: null, field: null };
    const problem = { ...whole, key: 'upload.too_large', values: { size: '0.2 MB' }, text };
    const body = { file: [text], detail: text, problems: [problem], unlisted: 0 };
    expect(await importRefusal(httpError(413, JSON.stringify(body)))).toEqual({
      file: [text],
      problems: [problem],
      unlisted: 0,
    });
    // A 413 of the body's own limit (no `file`), or from an older server: its words, as they came.
    expect(
      await importRefusal(httpError(413, JSON.stringify({ detail: 'Request body is too large.' }))),
    ).toEqual({
      file: ['Request body is too large.'],
    });
    // Any refusal of the file reads so (a project gone: 404); a sign-in or a wait to come refuses none.
    expect(await importRefusal(httpError(404, JSON.stringify({ detail: 'No encontrado.' })))).toEqual({
      file: ['No encontrado.'],
    });
    for (const status of [401, 429, 500])
      expect(await importRefusal(httpError(status, JSON.stringify({ detail: 'Later.' })))).toBeNull();
  });

  it("a refusal without words (a proxy's page, an empty answer) is one keyed problem, not the status line alone", async () => {
    const page = '<html><body><h1>413 Request Entity Too Large</h1>nginx</body></html>';
    const whole = { row: null, column: null, header: null, field: null };
    for (const [status, body, statusText] of [
      [413, page, 'Payload Too Large'],
      [404, null, 'Not Found'],
    ] as const) {
      const text = `${status} ${statusText}`;
      // The screen words its key (packing:import.server.http.refused) in its user's language.
      expect(await importRefusal(httpError(status, body, statusText))).toEqual({
        file: [text],
        problems: [{ ...whole, key: 'http.refused', values: { status }, text }],
        unlisted: 0,
      });
    }
    // A sign-in or a wait to come still refuses no file: it is sent again.
    expect(await importRefusal(httpError(429, page, 'Too Many Requests'))).toBeNull();
  });
});
