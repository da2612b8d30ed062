// The webhook worker of a server process: every poll it turns new changes into deliveries, then
// sends what is due. Every process runs one; the database decides who does what (dispatch.ts,
// deliver.ts), so a change is delivered once however many run.
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/database.js';
import { type DeliveryOptions, sendDue } from './deliver.js';
import { fanOut } from './dispatch.js';

export interface WebhookWorker {
  /** Runs one round now (tests), waiting for a round in progress first. */
  runOnce(): Promise<void>;
  stop(): Promise<void>;
}

export function startWebhookWorker(
  database: Database,
  options: DeliveryOptions & { pollMs: number },
  log: FastifyBaseLogger,
): WebhookWorker {
  let current: Promise<void> | null = null;
  let stopped = false;
  const round = async () => {
    while (!stopped && (await fanOut(database)) > 0) {
      // more changes than one batch: go on
    }
    while (!stopped && (await sendDue(database, options)) > 0) {
      // more due than one batch: go on
    }
  };
  // One round at a time in a process: a tick that finds one running lets it be.
  const run = () => {
    current ??= round()
      .catch((error: unknown) => log.warn({ err: error }, 'webhook round failed'))
      .finally(() => {
        current = null;
      });
    return current;
  };
  const timer = setInterval(() => {
    void run();
  }, options.pollMs);
  timer.unref();
  return {
    async runOnce() {
      await current;
      await run();
    },
    async stop() {
      stopped = true;
      clearInterval(timer);
      await current;
    },
  };
}
