import { describe, expect, it } from 'vitest';
import { AGAIN_MS, IN_VIEW_MS, RepeatGate } from './repeat';

/** Frames every 100 ms: each entry is what one frame shows. */
function run(frames: string[][], step = 100): string[] {
  const gate = new RepeatGate();
  return frames.flatMap((texts, index) => gate.pass(texts, index * step));
}
const hold = (text: string, ms: number) => Array.from({ length: ms / 100 }, () => (text ? [text] : []));

describe('RepeatGate', () => {
  it('reads a label once while it stays in view, whatever the number of frames', () => {
    expect(run(hold('C1', 3000))).toEqual(['C1']);
  });
  it('reads each of several labels in one frame, once', () => {
    expect(run([['C1', 'C2'], ['C2', 'C1'], ['C1']])).toEqual(['C1', 'C2']);
  });
  it('does not read the last label again when it comes back at once (a frame without it between)', () => {
    expect(run([...hold('C1', 500), ...hold('', 2000), ...hold('C1', 500)])).toEqual(['C1']);
  });
  it('reads a label again once another was read between, or after a while', () => {
    expect(
      run([...hold('C1', 500), ...hold('', IN_VIEW_MS + 100), ...hold('C2', 500), ...hold('C1', 300)]),
    ).toEqual(['C1', 'C2', 'C1']);
    expect(run([...hold('C1', 500), ...hold('', AGAIN_MS + 100), ...hold('C1', 300)])).toEqual(['C1', 'C1']);
  });
  it('ignores empty texts and forgets everything on reset', () => {
    const gate = new RepeatGate();
    expect(gate.pass(['', 'C1'], 0)).toEqual(['C1']);
    gate.reset();
    expect(gate.pass(['C1'], 10)).toEqual(['C1']);
  });
});
