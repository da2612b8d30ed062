// The prompter report: the tally's validations by hand, hold and lift, with a summary by hand and
// hold. A prompter report row narrows it to its hand, hold and hand event (the event's hours).
import {
  apportion,
  formatScaled,
  gramsToTonsText,
  milliToText,
  toMilli,
  validatedUnits,
} from '../../src/domain/ratios/index.js';
import { addDays, zonedInstant } from '../../src/domain/time.js';
import { formatDateTime } from './format.js';
import { callSpan, pageFrame, projectFields, projectLabel, type ReportContext, subtitle } from './header.js';
import type { PackingDetail, ProjectData, UserName } from './project-data.repository.js';
import { type CellValue, integer, kg, ReportBook, tons, units, when } from './xlsx.js';

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
function handEventWindow(event: PrompterFilter['handEvent'], timeZone: string): [number, number] | null {
  if (!event?.date || !event.hour_from || !event.hour_to) return null;
  const from = zonedInstant(`${event.date}T${event.hour_from.slice(0, 5)}`, timeZone);
  const sameDay = event.hour_to.slice(0, 5) > event.hour_from.slice(0, 5);
  // A line ending at or before its start crosses midnight: it ends the next day.
  const endDate = sameDay ? event.date : addDays(event.date, 1);
  const to = zonedInstant(`${endDate}T${event.hour_to.slice(0, 5)}`, timeZone);
  return from === null || to === null ? null : [from, to];
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
  const itemUnits = new Map<PackingDetail, bigint>();
  const unitsOf = (item: PackingDetail) => {
    let value = itemUnits.get(item);
    if (value === undefined) {
      value = validatedUnits(item);
      itemUnits.set(item, value);
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
    const count = unitsOf(item);
    group.units += count;
    group.grams += toMilli(item.net_weight);
    totalUnits += count;
    totalGrams += toMilli(item.net_weight);
    groups.set(key, group);
  }
  const totalLifts = new Set(sorted.map((item) => item.lift_id ?? `item:${item.id}`)).size;
  const holdCell = (hold: number | null): CellValue =>
    hold === null ? t('prompter.no_hold') : integer(hold);
  // Each group's tonnes rounded so that the groups add up to the total shown (largest remainder).
  const groupTons = apportion(
    [...groups.values()].map((group) => group.grams),
    10_000n,
  ).map((steps) => tons(formatScaled(steps, 2, 2)));

  const span = callSpan({ ...data, packingList: items });
  const book = await ReportBook.open(
    pageFrame(context, t('prompter.title'), projectLabel(data.project), span),
  );
  const writer = book.addSheet(t('prompter.sheet'), [40, 10, 10, 10, 16, 14]);
  writer.titleBlock(context.company, t('prompter.title'), subtitle(context, span));
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
    [...groups.values()].map((group, index) => [
      handLabel(group.hand),
      holdCell(group.hold),
      integer(group.items),
      integer(group.lifts.size),
      units(milliToText(group.units)),
      groupTons[index] ?? null,
    ]),
    {
      totals: [
        t('common.totals'),
        '',
        integer(sorted.length),
        integer(totalLifts),
        units(milliToText(totalUnits)),
        tons(gramsToTonsText(totalGrams)),
      ],
      empty: t('common.no_data'),
      // A lift counts once even when its items went to two holds: the lifts may not add up.
      note: t('prompter.totals_rule'),
    },
  );

  const details = book.addSheet(t('prompter.details_sheet'), [36, 7, 7, 20, 14, 10, 15, 17, 24], {
    landscape: true,
  });
  details.titleBlock(context.company, t('prompter.details_title'), subtitle(context, span));
  const commodities = new Map(data.commodities.map((row) => [row.id, row.name]));
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
      units(milliToText(unitsOf(item))),
      kg(item.net_weight),
      when(item.validation_datetime, clock),
      prompter(item.validation_prompter_identifier),
    ]),
    {
      totals: [
        t('prompter.totals', { items: sorted.length, lifts: totalLifts }),
        '',
        '',
        '',
        '',
        units(milliToText(totalUnits)),
        kg(milliToText(totalGrams)),
        '',
        '',
      ],
      empty: t('common.no_data'),
      repeatHeader: true,
    },
  );
  return book;
}
