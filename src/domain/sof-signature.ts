import { sofSignatureRoles } from './enums';
import { messages } from './messages';
import { field, objectOf } from './model';
import { defineResource } from './resource';
import { canonicalJson, sha256Hex } from './sha256';

/** The largest image kept: a 1200 x 400 pad of strokes is far smaller. */
export const SIGNATURE_IMAGE_MAX = 400_000;
/** A PNG as a data URL (a signature pad's image). */
export const PNG_DATA_URL = /^data:image\/png;base64,[A-Za-z0-9+/]+={0,2}$/;

const sofSignatureFields = {
  sof_report: field.ref('sof-report'),
  role: field.choice(sofSignatureRoles),
  /** The signer's name as they give it. */
  name: field.text(150),
  under_protest: field.bool().withDefault(false),
  /** Why, when signed under protest (required then). */
  remark: field.text(2000).optional(),
  /** When it was signed, by the device's clock. */
  signed_at: field.dateTime(),
  /** SHA-256 (hex) of the canonical JSON of `content`. */
  content_hash: field.text(64),
  /** The statement of facts as it was shown when signed. */
  content: field.json(),
  /** The signature drawn on the pad: 'data:image/png;base64,...'. */
  image: field.text(SIGNATURE_IMAGE_MAX),
};

/** Set by the server from the SOF report, so the signature syncs with its project. */
const sofSignatureDerivedFields = {
  project: field.ref('project').optional(),
};

const sofSignatureSchema = objectOf(sofSignatureFields).superRefine((row, ctx) => {
  if (row.under_protest && !row.remark?.trim())
    ctx.addIssue({
      code: 'custom',
      path: ['remark'],
      message: messages.protestRemark,
    });
  if (typeof row.image === 'string' && !PNG_DATA_URL.test(row.image))
    ctx.addIssue({
      code: 'custom',
      path: ['image'],
      message: messages.signatureImage,
    });
  if (
    row.content &&
    typeof row.content_hash === 'string' &&
    sha256Hex(canonicalJson(row.content)) !== row.content_hash
  )
    ctx.addIssue({ code: 'custom', path: ['content_hash'], message: messages.signedContent });
});

export const sofSignature = defineResource({
  name: 'sof-signature',
  kind: 'entity',
  scope: 'project',
  projectField: 'project',
  parent: 'sof_report',
  fields: sofSignatureFields,
  readOnlyFields: sofSignatureDerivedFields,
  schema: sofSignatureSchema,
  display: ['name', 'role'],
  filters: [
    { name: 'sof_report', kind: 'ref', field: 'sof_report' },
    { name: 'project', kind: 'ref', field: 'project' },
  ],
  ordering: ['signed_at', 'id'],
  writableBy: 'staff',
  immutable: true,
  derived: { project: { from: 'sof_report', path: ['project'] } },
  dexieIndexes: ['seq', 'project', '[sof_report+signed_at]'],
});
