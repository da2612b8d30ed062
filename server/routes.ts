import { apiTokenRoutes } from './auth/api-tokens.routes.js';
import { authRoutes } from './auth/auth.routes.js';
import { backupRoutes } from './backup/backup.routes.js';
import type { RouteModule } from './context.js';
import { healthRoutes } from './health/health.routes.js';
import { liveRoutes } from './live/live.routes.js';
import { metricsRoutes } from './metrics/metrics.routes.js';
import { reportRoutes } from './reports/reports.routes.js';
import { attachmentRoutes } from './resources/attachments/attachments.routes.js';
import { contactRoutes } from './resources/contact/contact.routes.js';
import { resourceRoutes } from './resources/engine/routes.js';
import { importRoutes } from './resources/import/import.routes.js';
import { referenceRoutes } from './resources/reference/reference.routes.js';
import { syncRoutes } from './sync/sync.routes.js';
import { userAdminRoutes } from './users/admin.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { webhookRoutes } from './webhooks/webhooks.routes.js';

/** Every route module of the API, registered under /api/ in this order. Add new resources here. */
export const routeModules: RouteModule[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  userAdminRoutes,
  contactRoutes,
  resourceRoutes,
  referenceRoutes,
  reportRoutes,
  syncRoutes,
  liveRoutes,
  apiTokenRoutes,
  attachmentRoutes,
  importRoutes,
  metricsRoutes,
  webhookRoutes,
  backupRoutes,
];
