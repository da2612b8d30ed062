import type { IncomingMessage, ServerResponse } from 'node:http';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import { type FastifyInstance, type FastifyRequest, LogController } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import { authPlugin } from './auth/auth.plugin.js';
import { authService } from './auth/auth.service.js';
import type { Config, TrustProxy } from './config.js';
import type { AppContext } from './context.js';
import type { Database } from './db/database.js';
import { compression } from './http/compression.js';
import { installErrorHandler } from './http/error-handler.js';
import { installJsonParser } from './http/json-body.js';
import { registerOpenApi } from './http/openapi.js';
import { registerStatic } from './http/static.js';
import { createFastify } from './http/tls.js';
import { zodValidatorCompiler } from './http/validation.js';
import { listenChanges } from './live/changes.js';
import { createMetrics } from './metrics/metrics.js';
import { routeModules } from './routes.js';

const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  // 'wasm-unsafe-eval' lets the page compile WebAssembly (the tally's label reader, a file of our own
  // build); it does not allow eval() of scripts.
  scriptSrc: ["'self'", "'wasm-unsafe-eval'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  frameAncestors: ["'none'"],
  formAction: ["'self'"],
};

declare module 'fastify' {
  // Fastify's logger is pino, whose loggers (request.log among them) say whether a level is written;
  // Fastify's type leaves that method out.
  interface FastifyBaseLogger {
    isLevelEnabled(level: string): boolean;
  }
}

/**
 * Helmet's headers, worked out once: with these options they depend on nothing in the request, and the
 * Fastify plugin built every middleware again (CSP parsing included) on every request.
 */
function securityHeaders(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader(name: string, value: unknown) {
      headers[name.toLowerCase()] = String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  // Helmet sets its headers synchronously before next(); should a release stop doing so, the server
  // refuses to start rather than serve every response without them.
  if (!headers['content-security-policy'] || !headers['x-content-type-options'])
    throw new Error('helmet set no security headers at start-up (content-security-policy missing)');
  return headers;
}

/**
 * Fastify's trustProxy for the setting. A hop count is a function here: Fastify takes a bare number
 * as "trust nothing". Hop 0 is the connection's peer, hop 1 the right-most X-Forwarded-For entry.
 */
function proxyTrust(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting !== 'number') return setting;
  return (_address, hop) => hop < setting;
}

/** A request's route for logs and metrics: its pattern under /api/, 'static' for the app's files. */
function routeLabel(request: FastifyRequest): string {
  const pattern = request.routeOptions.url;
  if (pattern?.startsWith('/api/')) return pattern;
  if (request.url.startsWith('/api/')) return 'unmatched';
  return 'static';
}

export async function buildApp(
  config: Config,
  database: Database,
  extras: Pick<AppContext, 'backupToken'> = {},
): Promise<FastifyInstance> {
  const app = createFastify(
    {
      logger: {
        level: config.logLevel,
        redact: {
          // '*.headers': a plugin's own lines carry headers too (@fastify/multipart's busboy options, trace).
          paths: ['*.headers.authorization', '*.headers.cookie', '*.password', '*.token'],
          censor: '[hidden]',
        },
      },
      bodyLimit: config.bodyLimitBytes,
      trustProxy: proxyTrust(config.trustProxy),
      logController: new LogController({ disableRequestLogging: true }),
      return503OnClosing: true,
    },
    config.tls,
  );
  app.setValidatorCompiler(zodValidatorCompiler);
  // Response schemas document the API; the bodies are sent as they are, without a second validation.
  app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  installErrorHandler(app);
  installJsonParser(app);

  // While closing, answers in flight tell keep-alive clients to go, so the close does not wait for them.
  let closing = false;
  app.addHook('preClose', async () => {
    closing = true;
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    // HTTP/2 has no Connection header (a session closes with GOAWAY): only HTTP/1 answers carry it.
    if (closing && request.raw.httpVersionMajor === 1) reply.header('connection', 'close');
    done(null, payload);
  });

  const metrics = createMetrics(database);
  // One line per request (who, which route, the answer, how long), with neither the token nor the
  // body; a token a client put in the URL (43 URL-safe characters) is hidden too.
  app.addHook('onResponse', async (request, reply) => {
    const route = routeLabel(request);
    metrics.request(request.method, route, reply.statusCode, reply.elapsedTime / 1000);
    if (!request.log.isLevelEnabled('info')) return;
    request.log.info(
      {
        method: request.method,
        route,
        url: request.url.replace(/[A-Za-z0-9_-]{40,}/g, '[hidden]'),
        status: reply.statusCode,
        ms: Math.round(reply.elapsedTime),
        user: request.principal?.kind === 'user' ? request.principal.username : request.principal?.kind,
      },
      'request',
    );
  });

  const security = securityHeaders({
    contentSecurityPolicy: {
      directives: {
        ...CONTENT_SECURITY_POLICY,
        // Over plain HTTP (a tablet at http://server:8080) upgrading would send every script to an HTTPS
        // port nobody serves: a blank page. Only a server speaking HTTPS itself asks for it.
        upgradeInsecureRequests: config.tls ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(security);
    done();
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    exposedHeaders: ['x-suggested-filename', 'Content-Disposition', 'ETag'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key', 'If-Match'],
    methods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'],
  });
  await app.register(compress, compression);
  await registerOpenApi(app, config.publicUrl);

  const changes = await listenChanges(database);
  app.addHook('onClose', async () => changes.close());
  const context: AppContext = {
    config,
    database,
    auth: authService(database, config),
    metrics,
    changes,
    ...extras,
  };
  await app.register(authPlugin, { auth: context.auth });
  await app.register(
    async (api) => {
      for (const routes of routeModules) await routes(api, context);
    },
    { prefix: '/api' },
  );
  await registerStatic(app, config.staticDir);
  return app;
}
