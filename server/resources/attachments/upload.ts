// Reads an upload: multipart (the fields, and the one file streamed to a temp file, hashed on the way),
// or JSON with the file as `base_64` (the spec's Attachment: "file or base_64") and its `name`.
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { attachmentReadOnlyFields, attachmentSchema } from '../../../src/domain/attachment.js';
import { isUuid } from '../../../src/domain/ids.js';
import { messages } from '../../../src/domain/messages.js';
import { objectOf } from '../../../src/domain/model.js';
import { discard, type FileStore, type Received, TooLarge } from '../../files/store.js';
import { type FieldErrors, HttpError, ValidationError } from '../../http/errors.js';
import { fieldErrorsFromZod } from '../../http/validation.js';
import { say } from '../../i18n/message.js';

interface UploadedFile extends Received {
  filename: string;
  mimetype: string;
}

export interface Upload {
  fields: Record<string, string>;
  file?: UploadedFile;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

const tooLarge = (maxBytes: number) =>
  new HttpError(413, {
    file: [say('upload.too_large', { size: megabytes(maxBytes) })],
    detail: say('upload.too_large', { size: megabytes(maxBytes) }),
  });

const isTooLarge = (error: unknown) =>
  error instanceof TooLarge ||
  (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE');

/** The text fields and the file of a multipart or base_64 request; 413 past `maxBytes`, else 415. */
export async function readUpload(
  request: FastifyRequest,
  store: FileStore,
  maxBytes: number,
): Promise<Upload> {
  if (isJson(request)) return readBase64(request.body, store, maxBytes);
  if (!request.isMultipart()) throw new HttpError(415, { detail: say('upload.how') });
  const fields: Record<string, string> = {};
  let file: UploadedFile | undefined;
  let extraFiles = 0;
  try {
    const parts = request.parts({
      limits: { fileSize: maxBytes + 1, files: 4, fields: 20, fieldSize: 64 * 1024, parts: 30 },
    });
    for await (const part of parts) {
      if (part.type === 'field') {
        if (typeof part.value === 'string') fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== 'file' || file) {
        extraFiles++;
        part.file.resume();
        continue;
      }
      const received = await store.scratch.receive(part.file, maxBytes);
      file = { ...received, filename: formFilename(part.filename), mimetype: part.mimetype };
    }
  } catch (error) {
    await discard(file?.path);
    if (isTooLarge(error)) throw tooLarge(maxBytes);
    throw error;
  }
  if (extraFiles > 0) {
    await discard(file?.path);
    throw new ValidationError({ file: [say('upload.one_file')] });
  }
  return { fields, file };
}

const isJson = (request: FastifyRequest) =>
  (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase() === 'application/json';

/** Most JSON a base_64 upload of `maxBytes` takes: 4 characters per 3 bytes, and room for the fields. */
export const base64BodyLimit = (maxBytes: number) => Math.ceil(maxBytes / 3) * 4 + 256 * 1024;

/** The text fields a JSON upload takes beside `name` and `base_64`, as multipart sends them. */
const FORM_FIELDS = ['id', 'description', 'is_image', 'zone'] as const;
const PROVENANCE_FIELDS = [
  'captured_at',
  'capture_device',
  'capture_latitude',
  'capture_longitude',
  'capture_accuracy',
  'capture_sha256',
] as const;

const DATA_URL = /^data:([\w.+-]+\/[\w.+-]+)?(?:;[^,;]*)*;base64,/i;
const BASE64 = /^[A-Za-z0-9+/_-]*={0,2}$/;

/** A JSON upload: `base_64` (plain, or a data: URL) and `name`, with the same fields as multipart. */
async function readBase64(body: unknown, store: FileStore, maxBytes: number): Promise<Upload> {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const errors: FieldErrors = {};
  const fields: Record<string, string> = {};
  for (const key of [...FORM_FIELDS, ...PROVENANCE_FIELDS])
    if (input[key] !== undefined && input[key] !== null) fields[key] = String(input[key]);
  const name = typeof input.name === 'string' ? input.name.trim() : '';
  if (!name) errors.name = [say('upload.name_required')];
  let text = typeof input.base_64 === 'string' ? input.base_64 : '';
  const dataUrl = DATA_URL.exec(text);
  if (dataUrl) text = text.slice(dataUrl[0].length);
  text = text.replace(/\s+/g, '');
  if (typeof input.base_64 !== 'string' || !text) errors.base_64 = [say('upload.base64_missing')];
  else if (!BASE64.test(text)) errors.base_64 = [say('upload.base64_invalid')];
  if (Object.keys(errors).length > 0) throw new ValidationError(errors);
  // Checked before decoding: the decoded size follows from the length.
  if (Math.floor((text.replace(/=+$/, '').length * 3) / 4) > maxBytes) throw tooLarge(maxBytes);
  const bytes = Buffer.from(text, text.includes('-') || text.includes('_') ? 'base64url' : 'base64');
  try {
    const received = await store.scratch.receive(Readable.from([bytes]), maxBytes);
    return {
      fields,
      file: { ...received, filename: name, mimetype: dataUrl?.[1] ?? 'application/octet-stream' },
    };
  } catch (error) {
    if (isTooLarge(error)) throw tooLarge(maxBytes);
    throw error;
  }
}

const TRUE = new Set(['true', '1', 'on', 'yes', 'True']);
const FALSE = new Set(['false', '0', 'off', 'no', 'False', '']);

/** Browsers and fetch escape `"` and line breaks in a multipart file name (WHATWG); undo that. */
const formFilename = (name: string) => name.replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');

/** Where the file comes from, as the device saw it at capture (all optional: an ERP sends none). */
export interface Provenance {
  captured_at: string | null;
  capture_device: string | null;
  capture_latitude: string | null;
  capture_longitude: string | null;
  capture_accuracy: string | null;
  capture_sha256: string | null;
}

export interface AttachmentFields extends Provenance {
  id?: string;
  description: string | null;
  is_image: boolean;
  zone: string | null;
}

const { captured_at, capture_device } = attachmentReadOnlyFields;
const provenanceSchema = objectOf({ captured_at, capture_device });
const SHA256 = /^[0-9a-f]{64}$/;
const DECIMAL = /^-?\d{1,8}(\.\d+)?$/;

/** A signed decimal within [min, max] with at most `places` decimals, as text; errors under `name`. */
function coordinate(
  fields: Record<string, string>,
  name: keyof Provenance,
  [min, max, places]: readonly [number, number, number],
  errors: FieldErrors,
): string | null {
  const text = fields[name]?.trim();
  if (!text) return null;
  if (!DECIMAL.test(text)) errors[name] = [messages.number];
  else if (Number(text) < min) errors[name] = [messages.minValue(min)];
  else if (Number(text) > max) errors[name] = [messages.maxValue(max)];
  else if ((text.split('.')[1]?.length ?? 0) > places) errors[name] = [messages.maxDecimalPlaces(places)];
  else return text;
  return null;
}

/** The device's account of the file: its clock, id, position (within the globe) and SHA-256. */
function parseProvenance(fields: Record<string, string>, errors: FieldErrors): Provenance {
  const input = {
    captured_at: fields.captured_at?.trim() || undefined,
    capture_device: fields.capture_device?.trim() || undefined,
  };
  const result = provenanceSchema.safeParse(input, { reportInput: true });
  if (!result.success) Object.assign(errors, fieldErrorsFromZod(result.error.issues));
  const hash = fields.capture_sha256?.trim().toLowerCase() || null;
  if (hash !== null && !SHA256.test(hash)) errors.capture_sha256 = [say('report.sha256')];
  const text = (item: unknown) => (item == null ? null : String(item));
  return {
    captured_at: result.success ? text(result.data.captured_at) : null,
    capture_device: result.success ? text(result.data.capture_device) : null,
    capture_latitude: coordinate(fields, 'capture_latitude', [-90, 90, 6], errors),
    capture_longitude: coordinate(fields, 'capture_longitude', [-180, 180, 6], errors),
    capture_accuracy: coordinate(fields, 'capture_accuracy', [0, 99_999_999, 1], errors),
    capture_sha256: hash,
  };
}

/** The form fields checked by the domain schema (booleans and empty values as forms send them). */
export function parseFields(fields: Record<string, string>): AttachmentFields {
  const errors: FieldErrors = {};
  const id = fields.id?.trim() || undefined;
  if (id !== undefined && !isUuid(id)) errors.id = [say('field.uuid')];
  const flag = fields.is_image;
  const input: Record<string, unknown> = {
    description: fields.description,
    is_image: flag === undefined ? undefined : TRUE.has(flag) ? true : FALSE.has(flag) ? false : flag,
    zone: fields.zone?.trim() || undefined,
  };
  const result = attachmentSchema.safeParse(input, { reportInput: true });
  if (!result.success) Object.assign(errors, fieldErrorsFromZod(result.error.issues));
  const provenance = parseProvenance(fields, errors);
  if (Object.keys(errors).length > 0 || !result.success) throw new ValidationError(errors);
  const data = result.data as z.infer<typeof attachmentSchema>;
  const isImage = data.is_image ?? false;
  return {
    id: id?.toLowerCase(),
    description: data.description ?? null,
    is_image: isImage,
    // A photo without a zone goes to "uncategorized", as the gallery shows it.
    zone: data.zone ?? (isImage ? 'uncategorized' : null),
    ...provenance,
  };
}
