// Signing on a signature pad (src/ui/SignaturePad.tsx) in Chromium: with a finger (CDP touch events) or
// with the mouse (a stylus-like pointer).
import type { Locator, Page } from 'playwright-core';
import { waitFor } from '../projects-support';

/** Draws a signature across the pad. */
export async function drawSignature(page: Page, pad: Locator, finger: boolean) {
  // A touch off the screen would land on whatever covers it: bring the whole pad into view (centred:
  // "if needed" leaves a pad whose top edge shows where it is, its middle below the fold, as the
  // container form's at 1280 x 900 was), and wait for the scroll to settle (the same box twice).
  await pad.evaluate((element) => element.scrollIntoView({ block: 'center', inline: 'nearest' }));
  let box = await pad.boundingBox();
  await waitFor('the pad to hold still', async () => {
    const next = await pad.boundingBox();
    const still = next !== null && box !== null && next.y === box.y;
    box = next;
    return still;
  });
  const settled = box as { x: number; y: number; width: number; height: number } | null;
  if (!settled) throw new Error('no pad');
  const points = Array.from({ length: 12 }, (_, index) => ({
    x: Math.round(settled.x + 30 + index * ((settled.width - 60) / 11)),
    y: Math.round(settled.y + settled.height / 2 + Math.sin(index) * 40),
  }));
  const [first, ...rest] = points;
  if (finger) {
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Input.dispatchTouchEvent', {
      type: 'touchStart',
      touchPoints: [first ?? { x: 0, y: 0 }],
    });
    for (const point of rest)
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [point] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await cdp.detach();
    return;
  }
  await page.mouse.move(first?.x ?? 0, first?.y ?? 0);
  await page.mouse.down();
  for (const point of rest) await page.mouse.move(point.x, point.y, { steps: 2 });
  await page.mouse.up();
}
