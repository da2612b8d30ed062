// Every endpoint of a running server, read from Fastify's own route table (printRoutes), so an
// endpoint added later is in the attack tables without anyone listing it.
import type { FastifyInstance } from 'fastify';

export interface Endpoint {
  method: string;
  /** The route's pattern, e.g. /api/project/:id/attachments/:attachment/download/ */
  url: string;
}

// A line of the tree: the drawing (4 characters a level), the path segment, the methods.
const LINE = /^((?:[│ ] {3})*)(├── |└── )?(.+) \(([A-Z, ]+)\)$/;

/** The (method, pattern) pairs of the app, parsed from `printRoutes({ commonPrefix: false })`. */
export function routeTable(app: FastifyInstance): Endpoint[] {
  const endpoints: Endpoint[] = [];
  const stack: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split('\n')) {
    const match = LINE.exec(line);
    if (!match) continue;
    const [, indent, connector, segment, methods] = match;
    // A line without a connector is the same node again, with other methods.
    const depth = indent.length / 4 - (connector ? 0 : 1);
    stack.length = depth;
    stack[depth] = segment;
    const url = stack.join('');
    for (const method of methods.split(',').map((m) => m.trim()))
      endpoints.push({ method, url: url === '*' ? '*' : url });
  }
  if (endpoints.length === 0) throw new Error('no routes read from printRoutes()');
  return endpoints;
}

/** Endpoints reachable without a token, each listed on purpose. */
export function isPublic({ method, url }: Endpoint): boolean {
  // The app's own files (the PWA shell and assets). A CORS preflight from a site not listed in
  // CORS_ORIGINS is not: it is refused like any other call.
  if (method === 'OPTIONS') return false;
  if (!url.startsWith('/api/')) return true;
  // The API documentation (swagger UI and the OpenAPI document).
  if (url.startsWith('/api/docs') || url === '/api/openapi.json')
    return method === 'GET' || method === 'HEAD';
  // A one-time link's page asks whose it is and sets the password (the link's token is the key).
  return [
    'POST /api/get-token/',
    'POST /api/contact/',
    'GET /api/health/',
    'HEAD /api/health/',
    'GET /api/invites/:token/',
    'HEAD /api/invites/:token/',
    'POST /api/invites/:token/',
  ].includes(`${method} ${url}`);
}

/** Whether a valid, malformed or dead token changes nothing (the token is not looked at). */
export const ignoresToken = ({ method, url }: Endpoint) =>
  method !== 'OPTIONS' && (!url.startsWith('/api/') || url.startsWith('/api/docs'));

/** A concrete path for a pattern, with each parameter filled in by `value(name, resource)`. */
export function fill(url: string, value: (param: string, resource: string) => string): string {
  if (url === '*') return '/api/project/';
  const parts = url.split('/');
  return parts
    .map((part, index) => {
      if (part === '*') return 'json';
      if (!part.startsWith(':')) return part;
      return value(part.slice(1), parts[index - 1] ?? '');
    })
    .join('/');
}
