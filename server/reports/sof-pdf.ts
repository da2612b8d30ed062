// The statement of facts as a PDF, in the BIMCO/FONASBA layout: the particulars of the call, the
// events with date and local time, the daily table of hours worked and stopped, the hours stopped by
// cause, gangs and quantity, the remarks, and the signatures of the master, the agent and the
// stevedore's representative (drawn on the tablet), or empty boxes to sign on paper.
import { delayAttributions, type SofSignatureRole, sofSignatureRoles } from '../../src/domain/enums.js';
import { formatNumber, formatTwo } from '../../src/domain/numbers.js';
import { nameIn, type SofContent } from '../../src/domain/sof/content.js';
import { formatDate, formatDateTime, formatTimeMarked, weekday } from './format.js';
import type { ReportContext } from './header.js';
import { zoneStatement } from './header.js';
import { drawLetterhead } from './letterhead.js';
import { contentWidth, ensureRoom, finish, newPdf, type Pdf } from './pdf-kit.js';
import { drawTable, heading, INK, MUTED, note, particulars } from './pdf-table.js';
import { sofParticulars, sofSpan, sofSubject } from './sof-text.js';

/** A signature as the PDF shows it. */
export interface SignatureView {
  role: SofSignatureRole;
  name: string;
  under_protest: boolean;
  remark: string | null;
  signed_at: string;
  /** The pad's image, redrawn by sharp (photos.ts signaturePng); null when it could not be read. */
  png: Buffer | null;
}

/**
 * What the document is: the current SOF unsigned, signed (signatures of this very content), amended
 * (signed once, changed since: to sign again), or a signed version as it was signed.
 */
export type SofPdfState =
  | { kind: 'unsigned' }
  | { kind: 'signed' }
  | { kind: 'amended'; signedAt: string; signers: string[] }
  | { kind: 'signed_version'; amended: boolean };

export interface SofPdfInput {
  content: SofContent;
  hash: string;
  context: ReportContext;
  signatures: readonly SignatureView[];
  state: SofPdfState;
  logo: Buffer | null;
}

const RED = '#B42318';

function banner(doc: Pdf, text: string, color: string) {
  const left = doc.page.margins.left;
  doc.font('bold').fontSize(9);
  const height = doc.heightOfString(text, { width: contentWidth(doc) - 16 }) + 10;
  ensureRoom(doc, height);
  const top = doc.y;
  doc.rect(left, top, contentWidth(doc), height).fill(color === RED ? '#FDE3E1' : '#E8EEF5');
  doc.fillColor(color).text(text, left + 8, top + 5, { width: contentWidth(doc) - 16 });
  doc.x = left;
  doc.y = top + height + 8;
}

function stateBanner(doc: Pdf, { state, context }: SofPdfInput) {
  const { t, clock } = context;
  if (state.kind === 'amended')
    banner(
      doc,
      t('sof.amended', { date: formatDateTime(state.signedAt, clock), names: state.signers.join(', ') }),
      RED,
    );
  if (state.kind === 'signed_version')
    banner(
      doc,
      t(state.amended ? 'sof.signed_version_amended' : 'sof.signed_version'),
      state.amended ? RED : INK,
    );
}

function eventRows(content: SofContent, context: ReportContext): string[][] {
  const { t, clock, language } = context;
  return content.events.map((event) => {
    const date = formatDate(event.at, clock);
    const sameDay = event.end && formatDate(event.end, clock) === date;
    const local = formatDateTime(event.at, clock);
    const day = local
      ? weekday(`${local.slice(6, 10)}-${local.slice(3, 5)}-${local.slice(0, 2)}`, clock)
      : '';
    const kind = event.cause
      ? `${t(`sof.kind_${event.kind}`)} · ${t(`ratios.cause_${event.cause}`)}`
      : t(`sof.kind_${event.kind}`);
    return [
      date,
      day,
      formatTimeMarked(event.at, clock),
      event.end
        ? sameDay
          ? formatTimeMarked(event.end, clock)
          : `${formatDate(event.end, clock)} ${formatTimeMarked(event.end, clock)}`
        : '',
      nameIn(event.type, language),
      kind,
      event.gangs === null ? '' : String(event.gangs),
      event.notes ?? '',
    ];
  });
}

function dailyTables(doc: Pdf, content: SofContent, context: ReportContext) {
  const { t, clock, language } = context;
  // Hours and tonnes with 2 decimals, units with the decimals they have ('6,00', '1.500', '36,00' in Spanish).
  // Numbers as the app's preview writes them (src/domain/numbers.ts): '1.500' and '6,00' in Spanish.
  const hours = (value: number) => formatTwo(value, language);
  const units = (value: string | number) => formatNumber(value, language, 0, 3);
  const tons = (value: string | number) => formatTwo(value, language);
  const net = (worked: number, stopped: number) => hours(Math.round(worked * 100 - stopped * 100) / 100);
  heading(doc, t('sof.daily_heading'));
  drawTable(
    doc,
    [
      { header: t('sof.date'), width: 11 },
      { header: t('sof.day'), width: 11 },
      { header: t('sof.hours_worked'), width: 10, align: 'right' },
      { header: t('sof.hours_stopped'), width: 10, align: 'right' },
      { header: t('sof.hours_net'), width: 10, align: 'right' },
      { header: t('sof.gangs'), width: 7, align: 'right' },
      { header: t('sof.quantity'), width: 11, align: 'right' },
      { header: t('sof.tons'), width: 11, align: 'right' },
    ],
    content.days.map((day) => [
      formatDate(day.date, clock),
      weekday(day.date, clock),
      hours(day.hours_worked),
      hours(day.hours_stopped),
      net(day.hours_worked, day.hours_stopped),
      String(day.gangs),
      units(day.quantity),
      tons(day.tons),
    ]),
    {
      empty: t('common.no_data'),
      totals: [
        t('common.totals'),
        '',
        hours(content.totals.hours_worked),
        hours(content.totals.hours_stopped),
        net(content.totals.hours_worked, content.totals.hours_stopped),
        '',
        units(content.totals.quantity),
        tons(content.totals.tons),
      ],
    },
  );
  // Hours stopped by who caused them: only the causes that stopped the work.
  const causes = delayAttributions.filter((cause) => (content.totals.stopped_by[cause] ?? 0) > 0);
  if (causes.length === 0) return;
  heading(doc, t('sof.stopped_heading'));
  drawTable(
    doc,
    [
      { header: t('sof.date'), width: 12 },
      ...causes.map((cause) => ({ header: t(`ratios.cause_${cause}`), width: 10, align: 'right' as const })),
    ],
    content.days
      .filter((day) => causes.some((cause) => day.stopped_by[cause] > 0))
      .map((day) => [formatDate(day.date, clock), ...causes.map((cause) => hours(day.stopped_by[cause]))]),
    { totals: [t('common.totals'), ...causes.map((cause) => hours(content.totals.stopped_by[cause] ?? 0))] },
  );
}

const ROLE_LABEL = { master: 'sof.master', agent: 'sof.agent', stevedore: 'sof.stevedore' } as const;

function signatureBoxes(doc: Pdf, input: SofPdfInput) {
  const { t, clock } = input.context;
  const shown = input.state.kind === 'signed' || input.state.kind === 'signed_version';
  const latest = new Map<SofSignatureRole, SignatureView>();
  if (shown) for (const signature of input.signatures) latest.set(signature.role, signature);
  heading(doc, t('sof.signatures'), 150);
  const gap = 10;
  const width = (contentWidth(doc) - gap * 2) / 3;
  const height = 140;
  ensureRoom(doc, height);
  const top = doc.y;
  sofSignatureRoles.forEach((role, index) => {
    const x = doc.page.margins.left + index * (width + gap);
    const signature = latest.get(role);
    doc.lineWidth(0.6).strokeColor('#9AA4B2').rect(x, top, width, height).stroke();
    doc
      .font('bold')
      .fontSize(8)
      .fillColor(INK)
      .text(t(ROLE_LABEL[role]), x + 6, top + 5, { width: width - 12 });
    if (signature) {
      // Without an image (unreadable), the name and time below still say who signed and when.
      if (signature.png)
        doc.image(signature.png, x + 6, top + 18, {
          fit: [width - 12, 56],
          align: 'center',
          valign: 'center',
        });
      doc
        .font('bold')
        .fontSize(8)
        .fillColor(INK)
        .text(signature.name, x + 6, top + 78, { width: width - 12 });
      doc
        .font('body')
        .fontSize(7)
        .fillColor(MUTED)
        .text(t('sof.signed_at', { date: formatDateTime(signature.signed_at, clock) }), {
          width: width - 12,
        });
      if (signature.under_protest)
        doc
          .font('bold')
          .fillColor(RED)
          .text(t('sof.under_protest', { remark: signature.remark ?? '' }), {
            width: width - 12,
            height: 30,
            ellipsis: true,
          });
    } else {
      doc
        .moveTo(x + 6, top + height - 30)
        .lineTo(x + width - 6, top + height - 30)
        .lineWidth(0.4)
        .strokeColor(INK)
        .stroke();
      doc
        .font('body')
        .fontSize(7)
        .fillColor(MUTED)
        .text(t('sof.name_and_signature'), x + 6, top + height - 26, {
          width: width - 12,
        });
    }
  });
  doc.x = doc.page.margins.left;
  doc.y = top + height + 8;
}

export async function sofPdf(input: SofPdfInput): Promise<Buffer> {
  const { content, context } = input;
  const { t, clock } = context;
  const span = sofSpan(content);
  const subject = sofSubject(content, context);
  const doc = await newPdf(`${t('sof.title')} ${subject}`);
  drawLetterhead(doc, {
    company: context.company,
    logo: input.logo,
    title: t('sof.title'),
    lines: [
      subject,
      `${t('common.generated')}: ${formatDateTime(context.now.toISOString(), clock)}`,
      zoneStatement(context, span),
    ],
  });
  stateBanner(doc, input);
  particulars(
    doc,
    sofParticulars(content, context).map(([label, value]) => [
      label,
      typeof value === 'string'
        ? value
        : 'at' in value
          ? formatDateTime(value.at, clock)
          : formatDate(value.date, clock),
    ]),
  );
  heading(doc, t('sof.events_heading'));
  drawTable(
    doc,
    [
      { header: t('sof.date'), width: 11 },
      { header: t('sof.day'), width: 10 },
      { header: t('sof.from'), width: 9 },
      { header: t('sof.to'), width: 11 },
      { header: t('sof.event'), width: 18 },
      { header: t('sof.kind'), width: 14 },
      { header: t('sof.gangs'), width: 8, align: 'right' },
      { header: t('sof.notes'), width: 19 },
    ],
    eventRows(content, context),
    { empty: t('common.no_data') },
  );
  dailyTables(doc, content, context);
  note(doc, t('sof.daily_rule'));
  heading(doc, t('common.remarks'), 30);
  doc
    .font('body')
    .fontSize(9)
    .fillColor(INK)
    .text(content.remarks || '—', { width: contentWidth(doc) });
  doc.moveDown(0.5);
  signatureBoxes(doc, input);
  const zone = zoneStatement(context, span);
  return finish(
    doc,
    (page, pages) =>
      `${subject} · ${zone} · SHA-256 ${input.hash.slice(0, 12)} · ${t('common.page', { page, pages })}`,
  );
}
