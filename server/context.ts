import type { FastifyInstance } from 'fastify';
import type { AuthService } from './auth/auth.service.js';
import type { Config } from './config.js';
import type { Database } from './db/database.js';

/** What every route module is given: configuration, the database and the shared services. */
export interface AppContext {
  config: Config;
  database: Database;
  auth: AuthService;
}

/** A group of routes under /api/. */
export type RouteModule = (app: FastifyInstance, context: AppContext) => Promise<void>;
