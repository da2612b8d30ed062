// In-page timing: from the input (a click or a key, dispatched in the page) to the screen showing the
// result (a DOM condition met, checked on every mutation), so no round trip to the test process counts.
import type { Page } from 'playwright-core';

export interface Step {
  /** JS run in the page to make the input (e.g. "document.querySelector(...).click()"). */
  act: string;
  /** JS expression, true once the screen shows the result. */
  done: string;
}

export async function timeStep(page: Page, step: Step, timeoutMs = 15_000): Promise<number> {
  return page.evaluate(
    `new Promise((resolve, reject) => {
      const done = () => { try { return Boolean(${step.done}); } catch { return false; } };
      const started = performance.now();
      const timer = setTimeout(() => { observer.disconnect(); reject(new Error('timed out: ${step.done.replaceAll("'", '"')}')); }, ${timeoutMs});
      const observer = new MutationObserver(() => {
        if (done()) { observer.disconnect(); clearTimeout(timer); resolve(performance.now() - started); }
      });
      observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
      ${step.act};
    })`,
  ) as Promise<number>;
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** Sets a React-controlled input's value as typing would. */
export const typeInto = (selector: string, value: string) => `(() => {
  const input = document.querySelector(${JSON.stringify(selector)});
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(input, ${JSON.stringify(value)});
  input.dispatchEvent(new Event('input', { bubbles: true }));
})()`;

export const pressEnter = (selector: string) =>
  `document.querySelector(${JSON.stringify(selector)}).dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true }))`;

export const text = (selector: string) =>
  `(document.querySelector(${JSON.stringify(selector)})?.textContent ?? '')`;
