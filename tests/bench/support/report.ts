import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import type { BenchRow } from '../lib.js';

export interface Machine {
  cpu: string;
  cores: number;
  memoryGiB: number;
  platform: string;
  node: string;
  /** The 1-minute load average when the run ended: other work on a shared machine skews the figures. */
  loadAverage: number;
}

export interface BenchReport {
  date: string;
  machine: Machine;
  engines: string[];
  suites: string[];
  commit?: string;
  rows: BenchRow[];
}

export function describeMachine(): Machine {
  const list = cpus();
  return {
    cpu: list[0]?.model.trim() ?? 'unknown',
    cores: list.length,
    memoryGiB: Math.round((totalmem() / 1024 ** 3) * 10) / 10,
    platform: `${process.platform} ${process.arch}`,
    node: process.version,
    loadAverage: Math.round(loadavg()[0] * 10) / 10,
  };
}

const rowKey = (row: Pick<BenchRow, 'suite' | 'name'>) => `${row.suite}\u0000${row.name}`;

/**
 * The figure each row had in the latest run of its suite (tests/bench/results/<suite>.json).
 */
export function previousFigures(resultsDir: string): Map<string, { value: number; date: string }> {
  const figures = new Map<string, { value: number; date: string }>();
  if (!existsSync(resultsDir)) return figures;
  for (const file of readdirSync(resultsDir).filter((name) => name.endsWith('.json'))) {
    const path = join(resultsDir, file);
    try {
      const report = JSON.parse(readFileSync(path, 'utf8')) as BenchReport;
      for (const row of report.rows) {
        if (!figures.has(rowKey(row)) && Number.isFinite(row.value))
          figures.set(rowKey(row), { value: row.value, date: report.date });
      }
    } catch {
      // an unreadable old result is skipped
    }
  }
  return figures;
}

const formatNumber = (value: number) =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { maximumFractionDigits: 1 }) : '—';

const HEADINGS = ['suite', 'name', 'value', 'unit', 'previous', 'goal', 'ok', 'note'];

function cells(row: BenchRow, previous: Map<string, { value: number }>): string[] {
  const before = previous.get(rowKey(row));
  return [
    row.suite,
    row.name,
    formatNumber(row.value),
    row.unit,
    before ? formatNumber(before.value) : '',
    row.goal ?? '',
    row.ok === undefined ? '' : row.ok ? 'yes' : 'NO',
    row.note ?? '',
  ];
}

function header(report: BenchReport): string[] {
  const { machine } = report;
  return [
    `Date: ${report.date}${report.commit ? `, commit ${report.commit}` : ''}`,
    `Machine: ${machine.cpu}, ${machine.cores} cores, ${machine.memoryGiB} GiB, ${machine.platform}; Node ${machine.node}; ` +
      `load average ${machine.loadAverage ?? '?'} at the end`,
    `Engines: ${report.engines.join(', ')}; suites: ${report.suites.join(', ')}`,
  ];
}

/** Plain text for the terminal: aligned columns, the note last and unpadded. */
export function textTable(report: BenchReport, previous: Map<string, { value: number }>): string {
  const table = [HEADINGS, ...report.rows.map((row) => cells(row, previous))];
  const widths = HEADINGS.map((_, column) => Math.max(...table.map((line) => line[column].length)));
  const numeric = new Set([2, 4]);
  const lines = table.map((line) =>
    line
      .map((cell, column) =>
        column === line.length - 1
          ? cell
          : numeric.has(column)
            ? cell.padStart(widths[column])
            : cell.padEnd(widths[column]),
      )
      .join('  ')
      .trimEnd(),
  );
  lines.splice(1, 0, widths.map((width) => '-'.repeat(width)).join('  '));
  return [...header(report), '', ...lines].join('\n');
}

const escapeCell = (cell: string) => cell.replaceAll('|', '\\|');

export function markdownTable(report: BenchReport, previous: Map<string, { value: number }>): string {
  const lines = [
    '# Benchmark results',
    '',
    ...header(report).map((line) => `${line}  `),
    '',
    `| ${HEADINGS.join(' | ')} |`,
    `|${HEADINGS.map((_, column) => (column === 2 || column === 4 ? ' ---: ' : ' --- ')).join('|')}|`,
    ...report.rows.map((row) => `| ${cells(row, previous).map(escapeCell).join(' | ')} |`),
    '',
    '`previous`: the same row in the most recent earlier run. The machines are shared and noisy: compare',
    'rows of one run with each other (e.g. a route against the health-check floor) more than runs across days.',
    '',
  ];
  return lines.join('\n');
}
