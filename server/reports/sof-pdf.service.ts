// Making the statement of facts PDF: the current SOF with its signatures when they are of this very
// content; marked amended when it changed after being signed (the signatures then wait for a new
// signing); or a signed version, from the content its signatures carry, as it was signed.
import { sql } from 'kysely';
import { z } from 'zod';
import { type SofContent, sofHash } from '../../src/domain/sof/content.js';
import type { Principal } from '../auth/principal.js';
import type { Config } from '../config.js';
import type { Database } from '../db/database.js';
import { ValidationError } from '../http/errors.js';
import { parseOrThrow } from '../http/validation.js';
import { say } from '../i18n/message.js';
import { companyLogo } from './letterhead.js';
import { signaturePng } from './photos.js';
import { findProjectHeader, loadProjectData, projectInLanguage } from './project-data.repository.js';
import {
  type MadeFile,
  makeReportBody,
  portZone,
  projectFileName,
  reportContext,
} from './reports.service.js';
import { findSofReport, loadSofContent } from './sof-data.js';
import { type SignatureView, type SofPdfState, sofPdf } from './sof-pdf.js';

export const makeSofPdfBody = makeReportBody.extend({
  /** The content hash of a signed version to print as it was signed. */
  signed: z
    .string()
    .regex(/^[0-9a-f]{64}$/, 'report.sha256')
    .optional(),
});

type Db = Database['db'];

interface StoredSignature extends Omit<SignatureView, 'png'> {
  /** 'data:image/png;base64,...' */
  image: string;
  content_hash: string;
  content: SofContent;
}

/** The SOF report's live signatures, oldest first. */
async function findSignatures(db: Db, reportId: string): Promise<StoredSignature[]> {
  const result =
    await sql<StoredSignature>`select role, name, under_protest, remark, signed_at, image, content_hash,
      content
    from sof_signature where sof_report = ${reportId} and deleted_at is null order by signed_at, id`.execute(
      db,
    );
  return result.rows;
}

/** What the current content's PDF is, given the signatures made so far. */
function currentState(hash: string, signatures: readonly StoredSignature[]): SofPdfState {
  if (signatures.some((signature) => signature.content_hash === hash)) return { kind: 'signed' };
  const last = signatures.at(-1);
  if (!last) return { kind: 'unsigned' };
  const version = signatures.filter((signature) => signature.content_hash === last.content_hash);
  return { kind: 'amended', signedAt: last.signed_at, signers: version.map((signature) => signature.name) };
}

export async function makeSofPdf(
  database: Database,
  config: Config,
  principal: Principal | null,
  projectId: string,
  rawBody: unknown,
  acceptLanguage: string | undefined,
): Promise<MadeFile> {
  const { db } = database;
  const found = await findProjectHeader(db, principal, projectId);
  const body = parseOrThrow(makeSofPdfBody, rawBody);
  const report = body.report ? await findSofReport(db, found.id, body.report) : undefined;
  if (body.report && !report) throw new ValidationError({ report: [say('report.not_in_project')] });
  if (body.signed && !report) throw new ValidationError({ report: [say('report.signed_needs_report')] });
  const signatures = report ? await findSignatures(db, report.id) : [];
  // The port's zone; without one, the zone the statement was signed in (the signing tablet's), so an
  // office in another zone does not see a signed statement as amended; else the caller's device's.
  const zone = portZone(found.refs.port) ?? signatures.at(-1)?.content.time_zone ?? null;
  let context = reportContext(body, acceptLanguage, config, zone);
  const data = await loadProjectData(db, projectInLanguage(found, context.language), context.language);
  const current = await loadSofContent(db, data, report, context.clock.timeZone);
  const currentHash = sofHash(current);

  let content = current;
  let hash = currentHash;
  let shown: readonly StoredSignature[] = signatures.filter((signature) => signature.content_hash === hash);
  let state = currentState(currentHash, signatures);
  if (body.signed) {
    shown = signatures.filter((signature) => signature.content_hash === body.signed);
    const signedContent = shown[0]?.content;
    if (!signedContent) throw new ValidationError({ signed: [say('report.no_signed_version')] });
    content = signedContent;
    hash = body.signed;
    state = { kind: 'signed_version', amended: hash !== currentHash };
    // As it was signed: its times in the zone it was shown in then.
    context = reportContext(body, acceptLanguage, config, content.time_zone);
  }
  const buffer = await sofPdf({
    content,
    hash,
    context,
    signatures: await Promise.all(
      shown.map(async ({ image, ...signature }) => ({ ...signature, png: await signaturePng(image) })),
    ),
    state,
    logo: await companyLogo(config),
  });
  const signed = state.kind === 'signed_version' || state.kind === 'signed';
  const suffix = signed ? context.t('sof.signed_suffix') : undefined;
  const filename = projectFileName(context.t('sof.filename'), found, context, 'pdf', suffix);
  return { buffer, filename, contentType: 'application/pdf' };
}
