// The layout walk's checks (issue 15), at each stop of the walker (./walk.ts) and on the public screens:
// no sideways scroll, every visible control inside the window, no label cut by its box, touch targets of
// 44 x 44 px on touch screens, no field's button painted over its border, no UUID, ISO timestamp or raw
// translation key in the visible text, no English name of a reference list on a Spanish screen. A
// screenshot of each stop is saved.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { ROOT } from './paths';

/** Where the screenshots go: E2E_SHOTS_DIR, else .tmp/e2e-artifacts/layout/. */
const SHOTS_DIR = process.env.E2E_SHOTS_DIR ?? join(ROOT, '.tmp', 'e2e-artifacts', 'layout');

export interface LayoutOptions {
  /** Names the folder of the screenshots ('es-768'). */
  name: string;
  /** Touch screen: targets must be 44 x 44 px. */
  touch: boolean;
  /** English names of reference lists that differ in Spanish: none may show (Spanish walks only). */
  english?: string[];
}

const slug = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export class LayoutChecker {
  readonly findings: string[] = [];
  readonly visited: string[] = [];
  /** Time spent in the checks themselves (screenshots included), to keep the walk's cost in sight. */
  checkMs = 0;
  private readonly folder: string;

  constructor(private readonly options: LayoutOptions) {
    this.folder = join(SHOTS_DIR, options.name);
    mkdirSync(this.folder, { recursive: true });
  }

  async check(page: Page, where: string, _shows: string[] = []): Promise<void> {
    this.visited.push(where);
    const started = Date.now();
    await page.waitForFunction(
      () => document.getAnimations().every((animation) => animation.playState !== 'running'),
      undefined,
      { timeout: 10_000, polling: 50 },
    );
    const number = String(this.visited.length).padStart(2, '0');
    await page.screenshot({ path: join(this.folder, `${number}-${slug(where)}.png`) });
    const problems = await page.evaluate(inspect, {
      touch: this.options.touch,
      english: this.options.english ?? [],
    });
    for (const problem of problems) this.findings.push(`${this.options.name} ${where}: ${problem}`);
    this.checkMs += Date.now() - started;
  }

  /** Where a screenshot of the screen a failed walk stood on goes, beside the stops' screenshots. */
  failurePath(): string {
    return join(this.folder, `${String(this.visited.length + 1).padStart(2, '0')}-failed-here.png`);
  }

  report(): string {
    return this.findings.join('\n');
  }
}

/** Runs in the page: what does not fit, is cut, is too small for a finger, or shows what no user should read. */
function inspect({ touch, english }: { touch: boolean; english: string[] }): string[] {
  const problems: string[] = [];
  const root = document.documentElement;
  const width = root.clientWidth;
  if (root.scrollWidth > width + 1) problems.push(`the page is ${root.scrollWidth} px wide in ${width} px`);
  const name = (element: Element) => {
    const id = element.getAttribute('data-testid');
    const text = (element.textContent || element.getAttribute('aria-label') || '').trim().slice(0, 40);
    return `<${element.localName}${id ? ` ${id}` : ''}> "${text}"`;
  };
  const shown = (element: Element) =>
    element.checkVisibility({ opacityProperty: true, visibilityProperty: true }) &&
    !element.closest('[aria-hidden="true"], .sr-only');

  const controls = document.querySelectorAll(
    'button, a[href], input:not([type="hidden"]), select, textarea, [role="tab"], [role="switch"], [role="menuitem"]',
  );
  for (const control of Array.from(controls)) {
    // A check box or radio is hit through its label (around it, or pointing at it when the box itself is
    // hidden: a segmented control's options); an inline link in a sentence is exempt (WCAG 2.5.8).
    const label =
      control instanceof HTMLInputElement && (control.type === 'checkbox' || control.type === 'radio')
        ? (control.closest('label') ??
          control.closest('.mantine-Checkbox-body, .mantine-Switch-body, .mantine-Radio-body') ??
          (control.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null))
        : null;
    if (!shown(label ?? control)) continue;
    const box = (label ?? control).getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1) continue;
    if (box.right > width + 1 || box.left < -1)
      problems.push(
        `outside the window: ${name(control)} (${Math.round(box.left)} to ${Math.round(box.right)})`,
      );
    if (!touch) continue;
    const target = box;
    const inline =
      control.localName === 'a' &&
      getComputedStyle(control).display === 'inline' &&
      (control.parentElement?.textContent?.trim().length ?? 0) > (control.textContent?.trim().length ?? 0);
    if (!inline && (target.height < 43.5 || target.width < 43.5))
      problems.push(
        `touch target ${Math.round(target.width)} x ${Math.round(target.height)} px: ${name(control)}`,
      );
  }

  // A field's own button (a clear cross) painted over the field's border, hiding its edge.
  for (const button of Array.from(document.querySelectorAll('.mantine-Input-section button'))) {
    const field = button.closest('.mantine-Input-wrapper')?.querySelector('input, textarea');
    if (!field || !shown(button) || getComputedStyle(button).backgroundColor === 'rgba(0, 0, 0, 0)') continue;
    const style = getComputedStyle(field);
    const outer = field.getBoundingClientRect();
    const own = button.getBoundingClientRect();
    if (
      own.top < outer.top + Number.parseFloat(style.borderTopWidth) - 0.5 ||
      own.bottom > outer.bottom - Number.parseFloat(style.borderBottomWidth) + 0.5 ||
      own.right > outer.right - Number.parseFloat(style.borderRightWidth) + 0.5
    )
      problems.push(`covers its field's border: ${name(button)}`);
  }

  // Words cut by their box: an element holding text whose content is wider than it, clipped.
  for (const element of Array.from(document.body.querySelectorAll('*'))) {
    if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) continue;
    const ownText = Array.from(element.childNodes).some(
      (node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '',
    );
    if (!ownText || !shown(element)) continue;
    const style = getComputedStyle(element);
    const clips = style.overflowX !== 'visible' || style.textOverflow === 'ellipsis';
    if (clips && element.clientWidth > 1 && element.scrollWidth > element.clientWidth + 1)
      problems.push(`cut: ${name(element)} (${element.scrollWidth} px in ${element.clientWidth})`);
  }

  // What the user reads: the visible text and the values of the visible fields (a field holding an id);
  // of these, English words count only in the lists' choices (what the user typed is theirs).
  const values = (selector: string) =>
    Array.from(document.querySelectorAll(selector))
      .filter(shown)
      .map((field) => (field as HTMLInputElement | HTMLTextAreaElement).value);
  // biome-ignore lint/performance/useDomNodeTextContent: what the user reads, not hidden text
  const readable = [document.body.innerText, ...values('input[aria-haspopup="listbox"]')].join('\n');
  const text = [readable, ...values('input:not([type="hidden"]), textarea')].join('\n');
  for (const uuid of text.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi) ?? [])
    problems.push(`a UUID shows: ${uuid}`);
  for (const stamp of text.match(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}[^\s]*/g) ?? [])
    problems.push(`an ISO timestamp shows: ${stamp}`);
  const missing =
    (window as unknown as { __missingTranslationKeys?: string[] }).__missingTranslationKeys ?? [];
  for (const key of missing.splice(0)) problems.push(`a translation key is missing: ${key}`);
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const words = node.textContent?.trim() ?? '';
    if (/^[a-z][a-z0-9_]*(\.[a-z0-9_]+)+$/.test(words) || /^[a-z]+_[a-z_]+$/.test(words))
      problems.push(`a raw key shows: ${words}`);
  }
  const literal = (words: string) => words.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const englishName of english)
    if (new RegExp(`(^|[^\\p{L}])${literal(englishName)}($|[^\\p{L}])`, 'u').test(readable))
      problems.push(`an English name on a Spanish screen: ${englishName}`);
  return problems;
}
