// The demo packing list: 1,500 hot-rolled coils. The first shift's two gangs and the second
// shift's gang have validated part of them (by lifts of one or two coils, hold by hold); the rest
// is still on board.
import { uuidv7At } from '../../../src/domain/ids.js';
import { type DemoContext, lookup, randomSource } from './demo-context.js';
import type { DemoHand } from './demo-hands.js';
import { prepare, type SeedRow } from './insert.js';

const DEMO_COILS = 1500;
/** Coils a gang validates per productive hour. */
const COILS_PER_HOUR = 25;
/** Two coils this light go up in one lift. */
const PAIR_LIMIT_KG = 12_500;

interface Coil {
  reference: string;
  net: number;
  gross: number;
}

function coils(year: string): Coil[] {
  const random = randomSource(20_241_122);
  return Array.from({ length: DEMO_COILS }, (_, index) => {
    // Mill numbering with the odd gap, as real lists have.
    const number = 1234 + index + Math.floor(index / 97) * 3;
    const net = 8000 + Math.round(random() * 3400) * 5;
    return {
      reference: `CL-${year}-${String(number).padStart(6, '0')}`,
      net,
      gross: net + 40 + Math.round(random() * 110),
    };
  });
}

/** Productive stretches of a hand: its interval without its stops, in ms. */
function productive(hand: DemoHand): [number, number][] {
  const stops = hand.stops
    .map(([from, to]) => [Date.parse(from), Date.parse(to)] as const)
    .sort((x, y) => x[0] - y[0]);
  const spans: [number, number][] = [];
  let cursor = Date.parse(hand.from);
  for (const [from, to] of stops) {
    if (from > cursor) spans.push([cursor, from]);
    cursor = Math.max(cursor, to);
  }
  const end = Date.parse(hand.to);
  if (end > cursor) spans.push([cursor, end]);
  return spans;
}

/** The moment `fraction` (0..1) of the way through the productive time. */
function momentAt(spans: [number, number][], fraction: number): number {
  const total = spans.reduce((sum, [from, to]) => sum + to - from, 0);
  let left = total * fraction;
  for (const [from, to] of spans) {
    if (left <= to - from) return from + left;
    left -= to - from;
  }
  return spans[spans.length - 1][1];
}

export function demoPackingList(ctx: DemoContext, hands: DemoHand[]): SeedRow[] {
  const random = randomSource(7);
  const list = coils(ctx.date(0).slice(2, 4));
  const coil = lookup(ctx.refs.commodity, 'coil');
  const validation = new Map<number, Record<string, unknown>>();
  // Each gang works down its own part of the list: the stowage plan puts consecutive coils together.
  let next = 0;
  for (const hand of hands) {
    const spans = productive(hand);
    const hours = spans.reduce((sum, [from, to]) => sum + to - from, 0) / 3_600_000;
    const target = Math.floor(hours * COILS_PER_HOUR);
    const lifts: number[][] = [];
    let taken = 0;
    while (taken < target) {
      const first = next + taken;
      const pair =
        taken + 1 < target && list[first].net < PAIR_LIMIT_KG && list[first + 1].net < PAIR_LIMIT_KG;
      lifts.push(pair ? [first, first + 1] : [first]);
      taken += pair ? 2 : 1;
    }
    lifts.forEach((indexes, liftNumber) => {
      const time = new Date(Math.round(momentAt(spans, (liftNumber + 0.5) / lifts.length) / 1000) * 1000);
      const hold = liftNumber < lifts.length / 2 ? hand.holds[0] : hand.holds[1];
      const liftId = uuidv7At(time.getTime());
      for (const index of indexes) {
        validation.set(index, {
          validated: true,
          validation_datetime: time.toISOString(),
          validation_hand: hand.id,
          validation_hold: hold,
          validation_prompter_identifier: ctx.authors.staff,
          processed_quantity: '1',
          location: random() < 0.6 ? 'truck' : 'warehouse',
          lift_id: liftId,
        });
      }
    });
    next += taken;
  }
  return list.map((item, index) => {
    const validated = validation.get(index);
    const damaged = validated !== undefined && index % 97 === 13;
    return prepare(
      'packing-list',
      {
        project: ctx.projectId,
        reference: item.reference,
        commodity: coil,
        quantity: '1',
        net_weight: String(item.net),
        gross_weight: String(item.gross),
        packing: index % 3 === 0 ? 'Bare coil, eye to sky' : 'Wrapped coil, eye to sky',
        location: 'onboard',
        ...validated,
        ...(damaged
          ? {
              requires_attention: true,
              damage: index % 2 === 0 ? ['wrapping'] : ['marked_by_bulkhead'],
              other_damage: 'Found at discharge; photographed and noted on the tally sheet.',
            }
          : {}),
      },
      { by: ctx.authors.staff },
    );
  });
}
