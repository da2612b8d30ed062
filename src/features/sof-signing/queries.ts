// A SOF report's signatures on this device and where the statement stands: unsigned, signed by some
// or all of the three, or amended (changed after it was signed: its signatures are of another content).
import { type SofSignatureRole, sofSignatureRoles } from '../../domain/enums';
import type { LocalDb } from '../../store/db';
import type { RowOfResource } from '../../store/schema';

export interface SignatureRow {
  id: string;
  role: SofSignatureRole;
  name: string;
  under_protest: boolean;
  remark: string | null;
  signed_at: string;
  content_hash: string;
  pending: boolean;
}

function signatureOf(row: RowOfResource<'sof-signature'>): SignatureRow {
  return {
    id: row.id,
    role: row.role,
    name: row.name,
    under_protest: row.under_protest === true,
    remark: row.remark || null,
    signed_at: row.signed_at,
    content_hash: row.content_hash,
    pending: row._sync !== undefined,
  };
}

/** The report's live signatures, oldest first. */
export async function signaturesOf(db: LocalDb, reportId: string): Promise<SignatureRow[]> {
  const rows = await db
    .rows('sof-signature')
    .where('[sof_report+signed_at]')
    .between([reportId, ''], [reportId, '\uffff'])
    .toArray();
  return rows.filter((row) => !row.deleted_at).map(signatureOf);
}

export type SigningState =
  | { kind: 'unsigned' }
  | { kind: 'signing'; signed: SofSignatureRole[] }
  | { kind: 'signed' }
  | { kind: 'amended'; signedAt: string };

/** Where the statement with content `hash` stands, given its signatures. */
export function signingState(hash: string, signatures: readonly SignatureRow[]): SigningState {
  const current = signatures.filter((signature) => signature.content_hash === hash);
  if (current.length === 0) {
    const last = signatures.at(-1);
    return last ? { kind: 'amended', signedAt: last.signed_at } : { kind: 'unsigned' };
  }
  const signed = sofSignatureRoles.filter((role) => current.some((signature) => signature.role === role));
  return signed.length === sofSignatureRoles.length ? { kind: 'signed' } : { kind: 'signing', signed };
}
