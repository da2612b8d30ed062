import { z } from 'zod';

// In the browser (page, workers, service worker) the CSP has no 'unsafe-eval': zod's compiled object
// parsers are turned off there, so zod never probes `new Function` (each probe is reported as a CSP
// violation). The server keeps them. Read by zod as each object schema is built: imported first.
// The domain is typed without DOM or Node globals (tsconfig.domain.json): both are looked up on globalThis.
const inBrowser =
  'document' in globalThis || typeof (globalThis as { importScripts?: unknown }).importScripts === 'function';
if (inBrowser) z.config({ jitless: true });
