// What an operator's Prometheus scrapes from /api/metrics/: requests by route and status with their
// latency, Node's own figures (event-loop delay, memory, CPU, GC), the database pool, sync pushes and
// pulls, what the devices report of their outboxes and upload queues, and uploads being received.
// Counters are this process's (Prometheus sums processes); the device figures are read from the
// database at each scrape, so every process reports the same.
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/database.js';
import { deviceTotals } from './devices.js';

let processRegistry: Registry | undefined;

/** Node's figures, one set per process however many servers it runs (the tests run many). */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry, eventLoopMonitoringPrecision: 10 });
  }
  return processRegistry;
}

export interface Metrics {
  /** One answered request: its route's pattern ('static' for the app's files, 'unmatched' for 404s). */
  request(method: string, route: string, status: number, seconds: number): void;
  /** A push's answers, counted by status (applied, duplicate, rejected, conflict). */
  pushed(results: readonly { status: string }[]): void;
  pulled(scope: 'global' | 'project'): void;
  /** An upload being received; call the answer when it ends, however it ends. */
  uploadStarted(): () => void;
  readonly contentType: string;
  /** The Prometheus text exposition of every figure. */
  text(): Promise<string>;
}

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

export function createMetrics(database: Database): Metrics {
  const registry = new Registry();
  const registers = [registry];
  const requests = new Counter({
    name: 'karbontrack_http_requests_total',
    help: 'Requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status'] as const,
    registers,
  });
  const latency = new Histogram({
    name: 'karbontrack_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer sent, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: SECONDS,
    registers,
  });
  const pushes = new Counter({
    name: 'karbontrack_sync_pushes_total',
    help: 'Sync pushes answered (batches of mutations from devices).',
    registers,
  });
  const mutations = new Counter({
    name: 'karbontrack_sync_push_mutations_total',
    help: 'Mutations answered in sync pushes, by result.',
    labelNames: ['result'] as const,
    registers,
  });
  const pulls = new Counter({
    name: 'karbontrack_sync_pulls_total',
    help: 'Sync pulls answered, by scope kind.',
    labelNames: ['scope'] as const,
    registers,
  });
  const uploading = new Gauge({
    name: 'karbontrack_uploads_in_progress',
    help: 'Attachment uploads being received now.',
    registers,
  });
  new Gauge({
    name: 'karbontrack_db_pool_connections',
    help: 'Database connections: the most there may be (size), in use, idle, and requests waiting for one.',
    labelNames: ['engine', 'state'] as const,
    registers,
    collect() {
      const stats = database.poolStats();
      for (const state of ['size', 'inUse', 'idle', 'waiting'] as const)
        this.set({ engine: database.engine, state: state === 'inUse' ? 'in_use' : state }, stats[state]);
    },
  });
  const devices = deviceTotals(database, registers);

  return {
    request(method, route, status, seconds) {
      requests.inc({ method, route, status: String(status) });
      latency.observe({ method, route }, seconds);
    },
    pushed(results) {
      pushes.inc();
      for (const { status } of results) mutations.inc({ result: status });
    },
    pulled(scope) {
      pulls.inc({ scope });
    },
    uploadStarted() {
      uploading.inc();
      let ended = false;
      return () => {
        if (!ended) uploading.dec();
        ended = true;
      };
    },
    contentType: registry.contentType,
    async text() {
      await devices.refresh();
      return Registry.merge([processMetrics(), registry]).metrics();
    },
  };
}
