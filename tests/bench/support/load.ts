import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import type { BenchRow } from '../lib.js';

const AUTOCANNON = fileURLToPath(new URL('../../../node_modules/autocannon/autocannon.js', import.meta.url));

export interface LoadOptions {
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  headers?: Record<string, string>;
  /** Sent as JSON. */
  body?: unknown;
  /** Default BENCH_CONNECTIONS or 50. */
  connections?: number;
  /** Default BENCH_DURATION or 10. */
  seconds?: number;
  /** A shorter run first, not counted, so the figures are of a warm server. Default 2 s; 0 for none. */
  warmupSeconds?: number;
}

export interface LoadResult {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  /** Responses received. */
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  connections: number;
  seconds: number;
}

const fromEnv = (name: string, fallback: number) => {
  const value = Number(process.env[name]);
  return Number.isFinite(value) && value > 0 ? value : fallback;
};

interface AutocannonJson {
  requests: { average: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
  timeouts: number;
  '2xx': number;
}

/**
 * Load from autocannon in its own process, so the load generator does not share the server's event
 * loop (the server under test runs in the bench's process).
 */
function autocannon(options: LoadOptions, connections: number, seconds: number): Promise<AutocannonJson> {
  const args = [AUTOCANNON, '--json', '-c', String(connections), '-d', String(seconds)];
  args.push('-m', options.method ?? 'GET');
  const headers: Record<string, string> = { ...options.headers };
  if (options.body !== undefined) {
    headers['content-type'] = 'application/json';
    args.push('-b', JSON.stringify(options.body));
  }
  for (const [name, value] of Object.entries(headers)) args.push('-H', `${name}=${value}`);
  args.push(options.url);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`autocannon failed: ${stderr || error.message}`));
      else resolve(JSON.parse(stdout) as AutocannonJson);
    });
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * When autocannon stops, the server still works through the requests it had accepted (up to one per
 * connection); the next run must not pay for them. They drain at about the rate just measured.
 */
async function drain(result: AutocannonJson, connections: number) {
  const rate = Math.max(result.requests.average, 1);
  await sleep(Math.min(60_000, (connections / rate) * 1000 + 500));
}

export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  const connections = options.connections ?? fromEnv('BENCH_CONNECTIONS', 50);
  const seconds = options.seconds ?? fromEnv('BENCH_DURATION', 10);
  const warmup = options.warmupSeconds ?? 2;
  if (warmup > 0) await drain(await autocannon(options, connections, warmup), connections);
  const result = await autocannon(options, connections, seconds);
  await drain(result, connections);
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result['2xx'] + result.non2xx,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    connections,
    seconds,
  };
}

/** Two rows for one route: requests per second and p99 latency; not ok when anything but 2xx came back. */
export function loadRows(suite: string, name: string, result: LoadResult, note?: string): BenchRow[] {
  const clean = result.total > 0 && result.non2xx === 0 && result.errors === 0 && result.timeouts === 0;
  const counts =
    `${result.total} responses, ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts; ` +
    `${result.connections} connection${result.connections === 1 ? '' : 's'}, ${result.seconds} s`;
  const goal = 'only 2xx';
  return [
    {
      suite,
      name: `${name}: throughput`,
      value: Math.round(result.requestsPerSecond * 10) / 10,
      unit: 'req/s',
      goal,
      ok: clean,
      note: note ? `${note}; ${counts}` : counts,
    },
    {
      suite,
      name: `${name}: p99 latency`,
      value: result.p99,
      unit: 'ms',
      goal,
      ok: clean,
      note: `p50 ${result.p50} ms`,
    },
  ];
}
