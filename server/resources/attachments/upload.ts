// Reads a multipart upload: the fields, and the one file streamed to a temp file (hashed on the way).
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { attachmentSchema } from '../../../src/domain/attachment.js';
import { isUuid } from '../../../src/domain/ids.js';
import { discard, type FileStore, type Received, TooLarge } from '../../files/store.js';
import { type FieldErrors, HttpError, ValidationError } from '../../http/errors.js';
import { fieldErrorsFromZod } from '../../http/validation.js';

export interface UploadedFile extends Received {
  filename: string;
  mimetype: string;
}

export interface Upload {
  fields: Record<string, string>;
  file?: UploadedFile;
}

const megabytes = (bytes: number) => `${Math.round((bytes / 1024 / 1024) * 10) / 10} MB`;

export const tooLarge = (maxBytes: number) =>
  new HttpError(413, {
    file: [`The file is larger than the limit of ${megabytes(maxBytes)}.`],
    detail: `The file is larger than the limit of ${megabytes(maxBytes)}.`,
  });

const isTooLarge = (error: unknown) =>
  error instanceof TooLarge ||
  (error instanceof Error && 'code' in error && error.code === 'FST_REQ_FILE_TOO_LARGE');

/** The text fields and the file of a multipart request; 413 past `maxBytes`, 415 when not multipart. */
export async function readUpload(
  request: FastifyRequest,
  store: FileStore,
  maxBytes: number,
): Promise<Upload> {
  if (!request.isMultipart())
    throw new HttpError(415, { detail: 'Send multipart/form-data with the file in the field "file".' });
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
      const received = await store.receive(part.file, maxBytes);
      file = { ...received, filename: formFilename(part.filename), mimetype: part.mimetype };
    }
  } catch (error) {
    await discard(file?.path);
    if (isTooLarge(error)) throw tooLarge(maxBytes);
    throw error;
  }
  if (extraFiles > 0) {
    await discard(file?.path);
    throw new ValidationError({ file: ['Send one file, in the field named "file".'] });
  }
  return { fields, file };
}

const TRUE = new Set(['true', '1', 'on', 'yes', 'True']);
const FALSE = new Set(['false', '0', 'off', 'no', 'False', '']);

/** Browsers and fetch escape `"` and line breaks in a multipart file name (WHATWG); undo that. */
const formFilename = (name: string) => name.replace(/%22/g, '"').replace(/%0[AD]/gi, ' ');

export interface AttachmentFields {
  id?: string;
  description: string | null;
  is_image: boolean;
  zone: string | null;
}

/** The form fields checked by the domain schema (booleans and empty values as forms send them). */
export function parseFields(fields: Record<string, string>): AttachmentFields {
  const errors: FieldErrors = {};
  const id = fields.id?.trim() || undefined;
  if (id !== undefined && !isUuid(id)) errors.id = ['Must be a valid UUID.'];
  const flag = fields.is_image;
  const input: Record<string, unknown> = {
    description: fields.description,
    is_image: flag === undefined ? undefined : TRUE.has(flag) ? true : FALSE.has(flag) ? false : flag,
    zone: fields.zone?.trim() || undefined,
  };
  const result = attachmentSchema.safeParse(input, { reportInput: true });
  if (!result.success) Object.assign(errors, fieldErrorsFromZod(result.error.issues));
  if (Object.keys(errors).length > 0 || !result.success) throw new ValidationError(errors);
  const data = result.data as z.infer<typeof attachmentSchema>;
  const isImage = data.is_image ?? false;
  return {
    id: id?.toLowerCase(),
    description: data.description ?? null,
    is_image: isImage,
    // A photo without a zone goes to "uncategorized", as the gallery shows it.
    zone: data.zone ?? (isImage ? 'uncategorized' : null),
  };
}
