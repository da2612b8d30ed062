import { galleryZones } from './enums';
import { field, objectOf } from './model';
import { defineResource } from './resource';

/** The resources that carry attachments, by REST name. */
export const attachmentParents = [
  'project',
  'container-report',
  'incidence',
  'packing-list',
  'coil-report',
  'sof-report',
  'prompter-report',
] as const;
export type AttachmentParent = (typeof attachmentParents)[number];

const attachmentFields = {
  description: field.text(1000).optional(),
  /** A gallery photo (true) or a document (false). */
  is_image: field.bool().withDefault(false),
  /** Gallery zone of a photo; null for documents. */
  zone: field.choice(galleryZones).optional(),
};

export const attachmentReadOnlyFields = {
  /** The original file name, made safe for display and Content-Disposition. */
  name: field.text(255),
  /** The type read from the bytes (or a safe declared text type); never trusted from the client alone. */
  content_type: field.text(255),
  /** Bytes. */
  size: field.int(),
  /** Hex SHA-256 of the bytes. */
  sha256: field.text(64),
  parent_resource: field.choice(attachmentParents),
  parent_id: field.uuid(),
  project: field.ref('project').optional(),
  // Provenance, as the device saw the file when it was taken (sent with the upload, never changed): the
  // device's clock, its client id, its position when the user allowed it, and the SHA-256 of the bytes
  // then. The server's own time and user are created_at and created_by.
  captured_at: field.dateTime().optional(),
  capture_device: field.text(64).optional(),
  capture_latitude: field.decimal(9, 6).optional(),
  capture_longitude: field.decimal(9, 6).optional(),
  /** Metres. */
  capture_accuracy: field.decimal(9, 1).optional(),
  capture_sha256: field.text(64).optional(),
  /** The bytes that arrived are not those captured (capture_sha256 differs from sha256). */
  altered: field.bool(),
};

export const attachmentSchema = objectOf(attachmentFields);

export const attachment = defineResource({
  name: 'attachment',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  fields: attachmentFields,
  readOnlyFields: attachmentReadOnlyFields,
  schema: attachmentSchema,
  display: ['name'],
  filters: [
    { name: 'project', kind: 'ref', field: 'project' },
    { name: 'parent_resource', kind: 'exact', field: 'parent_resource' },
    { name: 'parent_id', kind: 'exact', field: 'parent_id' },
    { name: 'is_image', kind: 'boolean', field: 'is_image' },
    { name: 'zone', kind: 'exact', field: 'zone' },
    { name: 'name', kind: 'icontains', fields: ['name', 'description'] },
  ],
  // Newest first (ids are UUIDv7, time-ordered).
  ordering: ['-id'],
  writableBy: null,
  deletableBy: null,
  dexieIndexes: ['seq', 'project', '[parent_resource+parent_id]'],
});
