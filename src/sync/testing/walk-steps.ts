// The steps of the sync tests' random walk (random.test.ts), as fast-check arbitraries: what the
// device, the office and the network do, each step drawn with the weights the walk was tuned with, so
// that a walk of STEPS steps meets every kind of step, fault and refusal; a failing walk shrinks
// towards idle steps with no fault and no sync.
import fc from 'fast-check';
import type { FaultAction } from './fault-proxy';

const FAULTS: FaultAction[] = [
  { kind: 'drop-before' },
  { kind: 'drop-after' },
  { kind: 'status', status: 500, afterForward: true },
  { kind: 'status', status: 503 },
];
export const YEAR = 365 * 24 * 3600 * 1000;
/** Steps of a walk: enough for each kind of step, fault and refusal to come up (shrinking makes them idle). */
const STEPS = 64;
/** How each of the three ways tries what must be refused: the local store, the REST API, an older app's queue. */
const how = fc.constantFrom('locally', 'rest', 'older-app');
/** A step of the walk; `pick` chooses among the records there are then (modulo their number). */
const action = fc.oneof(
  { withCrossShrink: true },
  // First, so that a failing walk shrinks towards steps that do nothing.
  { weight: 1, arbitrary: fc.record({ kind: fc.constant('idle') }) },
  { weight: 20, arbitrary: fc.record({ kind: fc.constant('create') }) },
  {
    weight: 25,
    arbitrary: fc.record({
      kind: fc.constant('device-edit'),
      pick: fc.nat(),
      field: fc.constantFrom('dock', 'number_gangs'),
    }),
  },
  { weight: 7, arbitrary: fc.record({ kind: fc.constant('device-delete'), pick: fc.nat() }) },
  {
    weight: 12,
    arbitrary: fc.record({
      kind: fc.constant('office-edit'),
      pick: fc.nat(),
      field: fc.constantFrom('dock', 'remarks'),
    }),
  },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('incidence'), pick: fc.nat() }) },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('move'), pick: fc.nat(), to: fc.nat(), how }) },
  { weight: 10, arbitrary: fc.record({ kind: fc.constant('null-default'), pick: fc.nat(), how }) },
  { weight: 8, arbitrary: fc.record({ kind: fc.constant('clock'), skew: fc.constantFrom(YEAR, -YEAR, 0) }) },
);
/** What may follow each step: a fault armed on the proxy, a push of a few changes, a pull. */
const step = fc.record({
  action,
  fault: fc.oneof(
    { weight: 3, arbitrary: fc.constant(null) },
    { weight: 2, arbitrary: fc.constantFrom(...FAULTS) },
  ),
  push: fc.oneof(
    { weight: 7, arbitrary: fc.constant(0) },
    { weight: 3, arbitrary: fc.integer({ min: 1, max: 6 }) },
  ),
  pull: fc.oneof({ weight: 17, arbitrary: fc.constant(false) }, { weight: 3, arbitrary: fc.constant(true) }),
  /** A conflict met while settling is kept (sent again) rather than given up. */
  keep: fc.boolean(),
});
export const walk = fc.record({
  skew: fc.constantFrom(YEAR, -YEAR),
  steps: fc.array(step, { minLength: STEPS, maxLength: STEPS }),
});
export type Walk = typeof walk extends fc.Arbitrary<infer T> ? T : never;

/** The item at `index` modulo their number (undefined when there is none). */
export const at = <T>(items: readonly T[], index: number): T | undefined =>
  items[index % Math.max(items.length, 1)];
