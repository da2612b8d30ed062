// The prompter report: the tally's validations by hand, hold and lift, with a summary by hand and
// hold. A prompter report row narrows it to its hand, hold and hand event (the event's hours).
import { gramsToTonsText, milliToText, toMilli, validatedUnits } from '../../src/domain/ratios/index.js';
import { formatDateTime, utcOffsetMinutes } from './format.js';
import { projectFields, type ReportContext, subtitle } from './header.js';
import type { PackingDetail, ProjectData, UserName } from './project-data.repository.js';
import { type CellValue, decimal, integer, ReportBook } from './xlsx.js';

export interface PrompterFilter {
  hand: string | null;
  hold: number | null;
  /** The hand event whose date and hours bound the validations. */
  handEvent: {
    description: string | null;
    date: string | null;
    hour_from: string | null;
    hour_to: string | null;
  } | null;
}

/** [start, end) in ms of a hand event's hours on its date, in the clock's zone; null when incomplete. */
export function handEventWindow(
  event: PrompterFilter['handEvent'],
  timeZone: string,
): [number, number] | null {
  if (!event?.date || !event.hour_from || !event.hour_to) return null;
  const local = (time: string) => Date.parse(`${event.date}T${time.slice(0, 5)}:00Z`);
  const from = local(event.hour_from);
  let to = local(event.hour_to);
  if (to <= from) to += 24 * 3_600_000; // the line crosses midnight
  const shift = (at: number) => at - utcOffsetMinutes(timeZone, at) * 60_000;
  return [shift(from), shift(to)];
}

/** Code-point order: ISO times sort right, and it is far cheaper than localeCompare on 20,000 rows. */
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

interface Group {
  hand: string | null;
  hold: number | null;
  items: number;
  lifts: Set<string>;
  units: bigint;
  grams: bigint;
}

export async function prompterReportWorkbook(
  data: ProjectData<PackingDetail>,
  filter: PrompterFilter | undefined,
  users: Map<string, UserName>,
  context: ReportContext,
): Promise<ReportBook> {
  const { t, clock } = context;
  const window = handEventWindow(filter?.handEvent ?? null, clock.timeZone);
  const items = data.packingList
    .filter((item) => !filter?.hand || item.validation_hand === filter.hand)
    .filter(
      (item) => filter?.hold === null || filter?.hold === undefined || item.validation_hold === filter.hold,
    )
    .filter((item) => {
      if (!window) return true;
      const at = item.validation_datetime ? Date.parse(item.validation_datetime) : Number.NaN;
      return at >= window[0] && at < window[1];
    });

  const hands = new Map(data.hands.map((hand, index) => [hand.id, { ...hand, order: index }]));
  const labels = new Map<string | null, string>();
  const handLabel = (id: string | null) => {
    let label = labels.get(id);
    if (label === undefined) {
      const hand = id ? hands.get(id) : undefined;
      label = hand
        ? [
            hand.description,
            hand.gang_no !== null ? `#${hand.gang_no}` : null,
            formatDateTime(hand.init_date, clock),
          ]
            .filter(Boolean)
            .join(' · ')
        : t('prompter.no_hand');
      labels.set(id, label);
    }
    return label;
  };
  const handOrder = (id: string | null) => (id ? (hands.get(id)?.order ?? -1) : Number.MAX_SAFE_INTEGER);
  const time = (item: PackingDetail) => item.validation_datetime ?? '';
  const sorted = [...items].sort(
    (a, b) =>
      handOrder(a.validation_hand) - handOrder(b.validation_hand) ||
      (a.validation_hold ?? Number.MAX_SAFE_INTEGER) - (b.validation_hold ?? Number.MAX_SAFE_INTEGER) ||
      compareText(time(a), time(b)) ||
      compareText(a.reference, b.reference),
  );
  // Lifts are numbered in the order they were made (a lift id is a uuid nobody reads).
  const liftNumber = new Map<string, number>();
  for (const item of [...items].sort((a, b) => compareText(time(a), time(b))))
    if (item.lift_id && !liftNumber.has(item.lift_id)) liftNumber.set(item.lift_id, liftNumber.size + 1);

  // Units are read once per item (the details sheet shows them again).
  const units = new Map<PackingDetail, bigint>();
  const unitsOf = (item: PackingDetail) => {
    let value = units.get(item);
    if (value === undefined) {
      value = validatedUnits(item);
      units.set(item, value);
    }
    return value;
  };
  let totalUnits = 0n;
  let totalGrams = 0n;
  const groups = new Map<string, Group>();
  for (const item of sorted) {
    const key = `${item.validation_hand ?? ''}|${item.validation_hold ?? ''}`;
    const group = groups.get(key) ?? {
      hand: item.validation_hand,
      hold: item.validation_hold,
      items: 0,
      lifts: new Set<string>(),
      units: 0n,
      grams: 0n,
    };
    group.items++;
    group.lifts.add(item.lift_id ?? `item:${item.id}`);
    const units = unitsOf(item);
    group.units += units;
    group.grams += toMilli(item.net_weight);
    totalUnits += units;
    totalGrams += toMilli(item.net_weight);
    groups.set(key, group);
  }
  const totalLifts = new Set(sorted.map((item) => item.lift_id ?? `item:${item.id}`)).size;
  const holdCell = (hold: number | null): CellValue =>
    hold === null ? t('prompter.no_hold') : integer(hold);
  const tons = (grams: bigint) => decimal(gramsToTonsText(grams), 'decimal2');

  const book = await ReportBook.open();
  const writer = book.addSheet(t('prompter.sheet'), [40, 10, 10, 10, 16, 14]);
  writer.title(t('prompter.title'), subtitle(context));
  writer.fields([
    ...projectFields(data.project, context),
    [t('prompter.hand'), filter?.hand ? handLabel(filter.hand) : t('common.all')],
    [
      t('prompter.hold'),
      filter?.hold !== null && filter?.hold !== undefined ? integer(filter.hold) : t('common.all'),
    ],
    [
      t('prompter.hand_event'),
      filter?.handEvent
        ? [
            filter.handEvent.description,
            filter.handEvent.date,
            filter.handEvent.hour_from,
            filter.handEvent.hour_to,
          ]
            .filter(Boolean)
            .join(' · ')
        : t('common.all'),
    ],
  ]);
  writer.heading(t('prompter.summary_heading'));
  writer.table(
    [
      { header: t('prompter.hand') },
      { header: t('prompter.hold') },
      { header: t('prompter.items') },
      { header: t('prompter.lifts') },
      { header: t('prompter.quantity') },
      { header: t('prompter.tons') },
    ],
    [...groups.values()].map((group) => [
      handLabel(group.hand),
      holdCell(group.hold),
      integer(group.items),
      integer(group.lifts.size),
      decimal(milliToText(group.units)),
      tons(group.grams),
    ]),
    {
      totals: [
        t('common.totals'),
        '',
        integer(sorted.length),
        integer(totalLifts),
        decimal(milliToText(totalUnits)),
        tons(totalGrams),
      ],
      empty: t('common.no_data'),
    },
  );

  const details = book.addSheet(t('prompter.details_sheet'), [40, 8, 8, 20, 14, 14, 16, 18, 24]);
  const commodities = new Map(data.commodities.map((row) => [row.id, row.name]));
  // Items of one lift share their time: each time is formatted once.
  const times = new Map<string | null, string>();
  const validatedAt = (iso: string | null) => {
    let text = times.get(iso);
    if (text === undefined) {
      text = formatDateTime(iso, clock);
      times.set(iso, text);
    }
    return text;
  };
  const prompter = (id: string | null) => {
    const user = id ? users.get(id) : undefined;
    return user ? [user.first_name, user.last_name].filter(Boolean).join(' ') || user.username : '';
  };
  details.table(
    [
      { header: t('prompter.hand') },
      { header: t('prompter.hold') },
      { header: t('prompter.lift') },
      { header: t('prompter.reference') },
      { header: t('prompter.commodity') },
      { header: t('prompter.quantity') },
      { header: t('prompter.net_weight') },
      { header: t('prompter.validated_at') },
      { header: t('prompter.prompter') },
    ],
    sorted.map((item) => [
      handLabel(item.validation_hand),
      holdCell(item.validation_hold),
      item.lift_id ? integer(liftNumber.get(item.lift_id) ?? 0) : null,
      item.reference,
      commodities.get(item.commodity) ?? '',
      { value: Number(unitsOf(item)) / 1000, format: 'decimal3' },
      item.net_weight === null ? null : decimal(item.net_weight),
      validatedAt(item.validation_datetime),
      prompter(item.validation_prompter_identifier),
    ]),
    {
      totals: [
        t('common.totals'),
        '',
        integer(totalLifts),
        integer(sorted.length),
        '',
        decimal(milliToText(totalUnits)),
        decimal(milliToText(totalGrams)),
        '',
        '',
      ],
      empty: t('common.no_data'),
    },
  );
  return book;
}
