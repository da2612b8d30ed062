// One walker's checks for every screen and modal (issue 9): axe-core's rules (serious and critical
// violations fail) and the stored-XSS probe (payloads typed into text fields must show as text: no script
// runs, no markup made from them, no browser dialog). Findings are collected and asserted at the end, so
// one run lists every problem with its rule, target and help address.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';

/** What the payloads write when they run; stays undefined while they are shown as text. */
const XSS_FLAG = '__xss';

/** Text-field payloads: each sets window.__xss if it ever becomes markup or a link that runs. */
export const PAYLOADS = {
  img: '<img src=x onerror="window.__xss=1">',
  script: '<script>window.__xss=1</script>',
  svg: '"><svg onload=window.__xss=1>',
  link: 'javascript:window.__xss=1',
} as const;

// The source is evaluated through the DevTools protocol (not a <script> tag), so the app's
// Content-Security-Policy stays as users get it.
const AXE_SOURCE = readFileSync(fileURLToPath(import.meta.resolve('axe-core/axe.min.js')), 'utf8');

// WCAG 2.x A and AA plus axe's best practices (landmarks, heading order, names of icon buttons).
const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

export interface Finding {
  where: string;
  rule: string;
  impact: string;
  help: string;
  helpUrl: string;
  targets: string[];
}

interface AxeViolation {
  id: string;
  impact?: string | null;
  help: string;
  helpUrl: string;
  nodes: Array<{ target: unknown[]; failureSummary?: string }>;
}

declare global {
  interface Window {
    axe?: { run(context: unknown, options: unknown): Promise<{ violations: AxeViolation[] }> };
    __xss?: unknown;
  }
}

export class Auditor {
  readonly findings: Finding[] = [];
  readonly xss: string[] = [];
  readonly visited: string[] = [];
  private readonly dialogs: string[] = [];

  /** Watches every page of the context for browser dialogs (alert, confirm, prompt) a payload could open. */
  watch(context: BrowserContext): void {
    const onPage = (page: Page) =>
      page.on('dialog', (dialog) => {
        this.dialogs.push(`${page.url()}: ${dialog.type()} ${dialog.message()}`);
        void dialog.dismiss().catch(() => undefined);
      });
    for (const page of context.pages()) onPage(page);
    context.on('page', onPage);
  }

  /**
   * Checks what is on screen now: axe over the whole document (a modal with the page under it), the XSS
   * probe, and that each of `shows` is visible verbatim (in text or in a field's value).
   */
  async check(page: Page, where: string, shows: string[] = []): Promise<void> {
    this.visited.push(where);
    if (process.env.A11Y_TRACE) console.log(`a11y: ${new Date().toISOString()} ${where}`);
    await settle(page);
    for (const violation of await runAxe(page)) this.findings.push({ where, ...violation });
    const probe = await page.evaluate(xssProbe, XSS_FLAG);
    for (const problem of probe.problems) this.xss.push(`${where}: ${problem}`);
    for (const text of shows)
      if (!probe.texts.some((shown) => shown.includes(text)))
        this.xss.push(`${where}: ${JSON.stringify(text)} is not shown as typed`);
    for (const dialog of this.dialogs.splice(0)) this.xss.push(`${where}: a dialog opened (${dialog})`);
  }

  /** Every finding, one line each, for the failure message and the log. */
  report(): string {
    const lines = this.findings.map(
      (finding) =>
        `[${finding.impact}] ${finding.rule} on ${finding.where}: ${finding.help}\n    targets: ${finding.targets.join(' | ')}\n    ${finding.helpUrl}`,
    );
    return [...lines, ...this.xss.map((line) => `[xss] ${line}`)].join('\n');
  }
}

/** Waits until transitions (a modal fading in) are over: contrast measured mid-fade would be wrong. */
async function settle(page: Page): Promise<void> {
  await page.waitForFunction(
    () => document.getAnimations().every((animation) => animation.playState !== 'running'),
    undefined,
    { timeout: 10_000, polling: 50 },
  );
}

async function runAxe(page: Page): Promise<Omit<Finding, 'where'>[]> {
  if (!(await page.evaluate(() => Boolean(window.axe)))) await page.evaluate(AXE_SOURCE);
  const violations = await page.evaluate(async (tags) => {
    const axe = window.axe;
    if (!axe) throw new Error('axe-core did not load');
    const result = await axe.run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact ?? '',
      help: violation.help,
      helpUrl: violation.helpUrl,
      targets: violation.nodes.map(
        (node) =>
          `${JSON.stringify(node.target)} (${(node.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)})`,
      ),
    }));
  }, AXE_TAGS);
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map(({ id, ...rest }) => ({ rule: id, ...rest }));
}

/**
 * Runs in the page: what a payload would leave behind had it become markup (the flag set, an element or
 * attribute carrying it, a javascript: link), and the texts on screen (rendered text and field values).
 */
function xssProbe(flag: string): { problems: string[]; texts: string[] } {
  const problems: string[] = [];
  if ((window as unknown as Record<string, unknown>)[flag] !== undefined)
    problems.push(`window.${flag} was set`);
  for (const element of Array.from(document.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      const inHandler = attribute.name.startsWith('on') && attribute.value.includes(flag);
      const inLink =
        ['href', 'src', 'action', 'formaction', 'xlink:href'].includes(attribute.name) &&
        /^\s*javascript:/i.test(attribute.value);
      if (inHandler || inLink)
        problems.push(`<${element.localName} ${attribute.name}="${attribute.value}"> is in the page`);
    }
    if (element.localName === 'script' && element.textContent?.includes(flag))
      problems.push('a <script> made from a payload is in the page');
  }
  const fields = Array.from(
    document.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea'),
  );
  // biome-ignore lint/performance/useDomNodeTextContent: the rendered text is what a user sees as typed
  const texts = [document.body.innerText, ...fields.map((field) => field.value)];
  return { problems, texts };
}
