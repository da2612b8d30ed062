import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth/auth.service.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';
import type { ChangeFeed } from './live/changes.js';
import type { Metrics } from './metrics/metrics.js';

/** What every route module is given: configuration, the database and the shared services. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: AuthService;
  metrics: Metrics;
  /** The notices of committed writes, listened to once for the whole process (live/changes.ts). */
  changes: ChangeFeed;
  /** The embedded database on disk: the token that lets `npm run backup` ask this process for a backup. */
  backupToken?: string;
}

/** A group of routes under /api/. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => Promise<void>;
