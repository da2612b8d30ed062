// OpenAPI text of the attachment routes (documentation only: multipart is read by the handler).
import type { AttachmentParent } from '../../../src/domain/attachment.js';
import { galleryZones } from '../../../src/domain/enums.js';
import { resources } from '../../../src/domain/registry.js';
import type { Resource } from '../../../src/domain/resource.js';
import { API_TAGS, apiNames, pascal } from '../engine/api-names.js';

const doc = (
  operationId: string,
  summary: string,
  description: string,
  extra: Record<string, unknown> = {},
) => ({
  schema: { operationId, tags: [API_TAGS.files], summary, description, ...extra },
});
const binary = (type: string, description: string) => ({
  description,
  content: { [type]: { schema: { type: 'string', contentMediaType: type } } },
});
const FILE_ANSWER = binary(
  'application/octet-stream',
  'The bytes (with their own content type), named in Content-Disposition and x-suggested-filename.',
);
const LIST_QUERY = {
  type: 'object',
  properties: {
    page: { type: 'integer', minimum: 1 },
    page_size: { type: 'integer', minimum: 1, maximum: 1000 },
    is_image: { type: 'boolean', description: 'Photos (true) or documents (false) only.' },
    zone: { type: 'string', enum: [...galleryZones], description: 'Photos of this gallery zone only.' },
  },
};
const UPLOAD_HELP =
  'multipart/form-data: `file` (one file), `description`, `is_image` (true for gallery photos), `zone` ' +
  '(onboard, fas, warehouse, truck, others, uncategorized; photos default to uncategorized), and optionally ' +
  '`id` (a client UUID: the same id again answers the stored attachment, 200). Or application/json with the ' +
  'same fields, `name` (with its extension) and `base_64` (the bytes as base64, or a data: URL) in place of ' +
  '`file`. 201 with the attachment; 400 `{file: [...]}` when the bytes do not match the name or a photo is not ' +
  'a raster image, `{base_64: [...]}` when it is not base64; 413 past the size limit. Messages in English, ' +
  'or Spanish with `Accept-Language: es`.';

/** The routes under one parent: /<parent>/<id>/attachments/... */
export function parentDocs(name: AttachmentParent) {
  const { one } = apiNames(resources[name] as Resource);
  const One = pascal(one);
  return {
    list: doc(
      `list${One}Attachments`,
      `Attachments of a ${one}`,
      'Paged, newest first; `is_image` and `zone` filter them. Each carries `file` and `thumbnail` addresses to download.',
      { querystring: LIST_QUERY },
    ),
    upload: doc(`upload${One}Attachment`, `Upload an attachment to a ${one}`, UPLOAD_HELP, {
      'x-answers': [413, 415, 422, 507],
    }),
    zip: doc(
      `download${One}Attachments`,
      `Every attachment of a ${one} in one streamed ZIP`,
      'Filters as on the list: `is_image=false` (the documents section\'s "download all": the documents it ' +
        'lists, not the gallery photos), `is_image=true`, `zone`.',
      {
        querystring: LIST_QUERY,
        response: { 200: binary('application/zip', 'A ZIP of the files, with their names.') },
      },
    ),
    download: doc(
      `download${One}Attachment`,
      `Download one attachment of a ${one}`,
      'The file as it was uploaded, with its original name.',
      { response: { 200: FILE_ANSWER } },
    ),
  };
}

export const attachmentDocs = {
  download: doc(
    'downloadAttachment',
    'Download an attachment',
    'The file as it was uploaded, with its original name.',
    {
      response: { 200: FILE_ANSWER },
    },
  ),
  thumbnail: doc(
    'getAttachmentThumbnail',
    'Thumbnail of a photo (WebP, 320 px)',
    'A 404 for a document, which has none.',
    {
      response: { 200: binary('image/webp', 'The WebP thumbnail.') },
    },
  ),
  remove: doc(
    'removeAttachment',
    'Delete an attachment and its file',
    'The record stays as a tombstone (for devices and include_deleted); the bytes are removed. Staff only.',
    { response: { 204: { description: 'Deleted', type: 'null' } }, 'x-answers': [422] },
  ),
};
