import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { firstScreenChunks } from './build/first-screen-chunks';
import { inlineSplashLogo } from './build/inline-logo';
import { offlineCode } from './build/offline-code';

const THEME_COLOR = '#0b2545';
// The sign-in form's fields, which the signed-in first screen has none of: a chunk of their own.
const MANTINE_FIELDS =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Input|InputBase|TextInput|PasswordInput)[\\/]/;
const MANTINE_BASICS =
  /node_modules[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/](Button|UnstyledButton|ActionIcon|CloseButton|Text|Title|Group|Stack|Paper|Anchor|Alert|Transition|Loader|Badge|Center)[\\/]/;

// react-router's package exports only its development build (with its warnings); the build uses the
// production one it ships next to it, which is smaller.
const reactRouterProduction = (file: string) =>
  fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

// react-router's production build makes its components and contexts at the top level of its module with
// calls the build cannot tell are pure (`var Form = React10.forwardRef(...)`, no annotation) and names them
// there (`Form.displayName = "Form";`, a side effect): so the build kept every one, used or not, with all
// it calls (Form, NavLink, the data router's submission and prefetch code). Annotated pure, and unnamed
// (production React never reads the names), what the app does not use is left out.
function reactRouterShaken(): Plugin {
  const chunk = /[\\/]node_modules[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;
  const naming = /^[\w$]+\.displayName = "[^"\n]*";$/gm;
  const making = /^(var [\w$]+ = )(React\d*\.(?:forwardRef|createContext|memo)\()/gm;
  return {
    name: 'karbontrack:react-router-shaken',
    apply: 'build',
    transform(code, id) {
      if (!chunk.test(id)) return null;
      // Each naming becomes an empty line: the lines keep their places (source maps).
      return { code: code.replace(naming, '').replace(making, '$1/* @__PURE__ */ $2'), map: null };
    },
  };
}

// dexie's package gives bundlers its ES5 build (dist/dexie.js, behind a wrapper that guards against two
// copies: CommonJS and ES module); it ships an ES2021 module beside it (dist/modern), which is smaller. One copy either
// way: every import of 'dexie' in the build resolves to it.
const DEXIE_MODERN = fileURLToPath(new URL('./node_modules/dexie/dist/modern/dexie.mjs', import.meta.url));

// react-i18next imports useSyncExternalStore from 'use-sync-external-store/shim', a copy for React
// before 18; React 19 has it: the build gives React's own.
function syncExternalStoreFromReact(): Plugin {
  const id = '\0karbontrack:use-sync-external-store';
  return {
    name: 'karbontrack:use-sync-external-store',
    apply: 'build',
    enforce: 'pre',
    resolveId: (source) => (source === 'use-sync-external-store/shim' ? id : null),
    load: (loaded) => (loaded === id ? "export { useSyncExternalStore } from 'react';" : null),
  };
}

// Writes .br and .gz next to every compressible file of the build, at the highest levels, once: the
// server can send them as they are (@fastify/static `preCompressed`) instead of compressing per request.
function precompress(): Plugin {
  let outDir = 'dist';
  const compressible = /\.(js|css|html|svg|json|webmanifest|wasm)$/;
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((name) => {
      const path = join(dir, name);
      return statSync(path).isDirectory() ? walk(path) : [path];
    });
  return {
    name: 'karbontrack:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = config.build.outDir;
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of walk(outDir)) {
          if (!compressible.test(file) || file.includes('/.vite/')) continue;
          const content = readFileSync(file);
          if (content.length < 1024) continue;
          writeFileSync(
            `${file}.br`,
            brotliCompressSync(content, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
          );
          writeFileSync(`${file}.gz`, gzipSync(content, { level: 9 }));
        }
      },
    },
  };
}

// browser-image-compression runs in a blob: worker that importScripts() the library; by default from a
// CDN, which the CSP forbids. The build puts a copy at /vendor/ (precached by the service worker) and the
// dev server serves it from node_modules (src/sync/files/compress.ts points libURL there).
function vendorImageCompression(): Plugin {
  const source = fileURLToPath(
    new URL('./node_modules/browser-image-compression/dist/browser-image-compression.js', import.meta.url),
  );
  const fileName = 'vendor/browser-image-compression.js';
  return {
    name: 'karbontrack:vendor-image-compression',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName, source: readFileSync(source) });
    },
    configureServer(server) {
      server.middlewares.use(`/${fileName}`, (_request, response) => {
        response.setHeader('Content-Type', 'text/javascript');
        response.end(readFileSync(source));
      });
    },
  };
}

// The start-up's stylesheet (Mantine's first styles and global.css) is not render-blocking: the splash in
// index.html is styled inline and paints with the HTML; the link becomes a preload that
// src/app/styles/firstStyles.ts turns back into the stylesheet, and the app renders once it applies.
function firstStylesPreloaded(): Plugin {
  return {
    name: 'karbontrack:first-styles-preloaded',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const link = /<link rel="stylesheet" crossorigin href="(\/assets\/index-[\w-]+\.css)">/;
        if (!link.test(html)) throw new Error('index.html: the start-up stylesheet link was not found');
        return html.replace(link, '<link rel="preload" as="style" crossorigin href="$1" data-first-styles>');
      },
    },
  };
}

// `new Worker(new URL('./x.worker.ts', import.meta.url), ...)` with a string literal: Vite would bundle the
// worker on its own, with its own copies of every library it uses (dexie, zod, ky: 68 KB gzipped for the
// pull worker, on top of the same libraries the page has already loaded).
const WORKER_NEW =
  /new\s+Worker\(\s*new\s+URL\(\s*(['"])(\.{1,2}\/[^'"]+\.worker\.ts)\1\s*,\s*import\.meta\.url\s*\)/g;

/**
 * Builds module workers as further entries of the page's own build, so they import the same chunks the page
 * loads (one download, one cache entry, precached once by the service worker). Only for workers that are
 * ES modules (`{ type: 'module' }`) and whose code is safe to share with the page (no `document` at the top
 * level of a shared module). The dev server keeps Vite's own handling, which bundles nothing.
 */
function sharedWorkers(): Plugin {
  return {
    name: 'karbontrack:shared-workers',
    apply: 'build',
    // Before vite:worker-import-meta-url, which would bundle the worker apart.
    enforce: 'pre',
    transform(code, id) {
      if (!code.includes('.worker.ts') || id.includes('node_modules')) return null;
      let changed = false;
      const result = code.replace(WORKER_NEW, (match, _quote: string, relative: string, at: number) => {
        // A classic worker cannot import the shared chunks: a build error, not a worker failing at run time.
        if (!/^\s*,\s*\{[^}]*type:\s*['"]module['"]/.test(code.slice(at + match.length)))
          this.error(`${relative} in ${id}: only module workers ({ type: 'module' }) can share chunks`);
        const file = resolve(dirname(id.split('?')[0]), relative);
        const name = relative.replace(/^.*\//, '').replace(/\.ts$/, '');
        const reference = this.emitFile({ type: 'chunk', id: file, name });
        changed = true;
        return `new Worker(import.meta.ROLLUP_FILE_URL_${reference}`;
      });
      return changed ? { code: result, map: null } : null;
    },
  };
}

/**
 * Each import() carries the list of files to preload with it (`__vite__mapDeps`), all its static imports
 * included: those that index.html's script imports statically are always loaded before any of the app's
 * code runs, so naming them again in every list only weighs on the chunks that hold the lists (the entry,
 * the frame and the projects list among them). The plugin reads the entry's static imports once the bundle is
 * complete; the build's preload step (after it) calls `resolveDependencies` for each list.
 */
function preloadsTrimmed(): {
  plugin: Plugin;
  resolveDependencies: (file: string, deps: string[]) => string[];
} {
  const loaded = new Set<string>();
  const plugin: Plugin = {
    name: 'karbontrack:preloads-trimmed',
    apply: 'build',
    generateBundle(_options, bundle) {
      loaded.clear();
      const visit = (file: string) => {
        const chunk = bundle[file];
        if (loaded.has(file) || chunk?.type !== 'chunk') return;
        loaded.add(file);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle))
        if (chunk.type === 'chunk' && chunk.isEntry && chunk.facadeModuleId?.endsWith('/index.html'))
          visit(chunk.fileName);
      if (loaded.size === 0) this.error('preloads: no entry chunk of index.html in the bundle');
    },
  };
  return { plugin, resolveDependencies: (_file, deps) => deps.filter((dep) => !loaded.has(dep)) };
}

const PRELOADS = preloadsTrimmed();

// The signed-in first screen's code in a few chunks instead of dozens (./build/first-screen-chunks.ts).
const FIRST_SCREEN = firstScreenChunks(fileURLToPath(new URL('./', import.meta.url)));

// The code a save needs offline, listed for the page to preload and cached first by the service worker.
const OFFLINE_CODE = offlineCode(fileURLToPath(new URL('./', import.meta.url)));

// src/features/<name>/index.ts: a feature's public face, re-exports only.
const FEATURE_INDEX = /\/src\/features\/[^/]+\/index\.ts$/;

export default defineConfig(({ command }) => ({
  resolve: {
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: reactRouterProduction('index.mjs') },
            { find: /^react-router\/dom$/, replacement: reactRouterProduction('dom-export.mjs') },
            { find: /^dexie$/, replacement: DEXIE_MODERN },
          ]
        : [],
  },
  plugins: [
    react(),
    reactRouterShaken(),
    syncExternalStoreFromReact(),
    inlineSplashLogo(fileURLToPath(new URL('./public/', import.meta.url))),
    sharedWorkers(),
    vendorImageCompression(),
    firstStylesPreloaded(),
    precompress(),
    PRELOADS.plugin,
    FIRST_SCREEN.plugin,
    OFFLINE_CODE.plugin,
    VitePWA({
      strategies: 'injectManifest',
      srcDir: 'sw',
      filename: 'sw.ts',
      registerType: 'prompt',
      // Registered from src/app/UpdatePrompt.tsx (virtual:pwa-register/react).
      injectRegister: false,
      // The icons are already in the precache through globPatterns.
      includeManifestIcons: false,
      manifest: {
        name: 'Karbontrack',
        short_name: 'Karbontrack',
        description:
          'Vessel calls, tally, incidences and reports for port operators and stevedores, offline.',
        id: '/',
        start_url: '/projects',
        scope: '/',
        display: 'standalone',
        orientation: 'any',
        theme_color: THEME_COLOR,
        background_color: '#ffffff',
        lang: 'en',
        icons: [
          { src: '/pwa-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
          { src: '/pwa-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
          { src: '/pwa-maskable-192.png', sizes: '192x192', type: 'image/png', purpose: 'maskable' },
          { src: '/pwa-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
      },
      injectManifest: {
        // wasm: the label reader of the tally's camera (ZXing-C++), needed on deck without a connection.
        globPatterns: ['**/*.{js,css,html,svg,png,ico,pdf,wasm}'],
        maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
        // The worker caches one file at a time: the shell and the code a save needs offline first
        // (build/offline-code.ts), so they are on the device (HTTP cache) long before it has installed.
        manifestTransforms: [
          (entries) => {
            const first = new Set([
              'index.html',
              ...OFFLINE_CODE.firstInPrecache().map((url) => url.slice(1)),
            ]);
            const rank = (url: string) => (url === 'index.html' ? 0 : first.has(url) ? 1 : 2);
            return { manifest: [...entries].sort((a, b) => rank(a.url) - rank(b.url)), warnings: [] };
          },
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
  build: {
    target: 'es2022',
    sourcemap: false,
    // The bench reads it to measure what each first screen needs.
    manifest: true,
    modulePreload: { resolveDependencies: PRELOADS.resolveDependencies },
    rollupOptions: {
      // A feature's index.ts only re-exports (the lint makes other features import through it): marked free
      // of side effects, what its importer does not use is left out of the importer's chunk (without this,
      // an import of refusalKind from src/features/documents pulled the documents table into the sync drawer).
      treeshake: { moduleSideEffects: (id: string) => !FEATURE_INDEX.test(id) },
      output: {
        // The small Mantine components every first screen uses, in one chunk instead of some twenty
        // of one or two KB each: fewer requests before the first screen (six at a time on HTTP/1.1).
        codeSplitting: {
          groups: [
            { name: 'mantine-basics', test: MANTINE_BASICS },
            { name: 'mantine-fields', test: MANTINE_FIELDS },
            ...FIRST_SCREEN.groups,
          ],
        },
      },
    },
  },
  server: {
    proxy: { '/api': process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:8080' },
  },
}));
