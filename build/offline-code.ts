import { resolve } from 'node:path';
import type { Plugin, Rollup } from 'vite';

type OutputBundle = Rollup.OutputBundle;
type OutputChunk = Rollup.OutputChunk;

/**
 * The code a signed-in user needs to type and save a record with no network, loaded lazily by the app
 * (import()): on a first visit the service worker has not yet cached it (it installs a minute's worth of
 * files one at a time), so a tablet that loses the signal right after signing in could open nothing to
 * write in. The page preloads these files once the first screen and its first sync are in
 * (src/app/pwa/offlineCode.ts, `<link rel="modulepreload">`: fetched, not run) and the service worker
 * caches them first. Each root with its static imports and styles:
 */
const ROOTS = [
  // The record screens a stevedore or a supervisor writes in: a project (new or its workspace, with its
  // events and hands), a hand and its tally, a container report.
  'src/features/project/ProjectPage.tsx',
  'src/features/hand/HandPage.tsx',
  'src/features/tally/TallyPanel.tsx',
  'src/features/report/ReportPage.tsx',
  // The project's sections that hold forms: packing list, loose counter, incidences, photos, documents.
  'src/features/packing-list/PackingListSection.tsx',
  'src/features/loose-counter/LooseCounterSection.tsx',
  'src/features/incidences/IncidencesSection.tsx',
  'src/features/gallery/GallerySection.tsx',
  'src/features/documents/AttachmentsSection.tsx',
  // The summary button of the project's header (its modal loads when opened).
  'src/features/summary/SummaryButton.tsx',
  // The store's write path (the domain's checks and the outbox entry of every save), and the push that
  // sends the outbox (loaded with the first change to send, src/sync/engine.ts).
  'src/store/writes.ts',
  'src/sync/push.ts',
  // What a save goes through: its notice, the dialogs of leaving and deleting, a lookup added on the
  // spot, and the Mantine styles of pickers and dialogs.
  'src/app/NoticeContainer.tsx',
  'src/ui/leave/LeaveDialog.tsx',
  'src/ui/ConfirmDeleteDialog.tsx',
  'src/ui/QuickAdd.tsx',
];

/** Modules that only import styles: they leave no chunk, only their stylesheet (named after them). */
const STYLES = ['src/app/styles/rest.ts'];

/** The texts those screens read (each language's own chunk; the page takes its language's). */
const NAMESPACES = [
  'common',
  // The settings menu and its dialogs (sign-out asks first when work waits), which load with the menu.
  'auth',
  'ui',
  'project',
  'projects',
  'hand',
  'tally',
  'packing',
  'incidences',
  'gallery',
  'documents',
  'containers',
  'history',
  'sync',
  'syncbar',
];

/** What the page preloads: `code` for every language, `texts[language]` for one. */
interface OfflineCode {
  code: string[];
  texts: Record<string, string[]>;
}

const OFFLINE_CODE_META = 'karbontrack-offline-code';

const isChunk = (output: OutputBundle[string] | undefined): output is OutputChunk => output?.type === 'chunk';

/** A chunk's file, its static imports' and the styles of each, as URLs. */
function closure(bundle: OutputBundle, fileName: string, into: Set<string>): void {
  if (into.has(`/${fileName}`)) return;
  const chunk = bundle[fileName];
  if (!isChunk(chunk)) return;
  into.add(`/${fileName}`);
  for (const css of chunk.viteMetadata?.importedCss ?? []) into.add(`/${css}`);
  for (const imported of chunk.imports) closure(bundle, imported, into);
}

/** The files of the offline code, less the start-up's own (the page has them already). */
function offlineCodeOf(bundle: OutputBundle, projectRoot: string): OfflineCode {
  const chunks = Object.values(bundle).filter(isChunk);
  const byModule = new Map(
    chunks.flatMap((chunk) => (chunk.facadeModuleId ? [[chunk.facadeModuleId, chunk]] : [])),
  );
  const startUp = new Set<string>();
  for (const entry of chunks.filter((chunk) => chunk.isEntry && chunk.fileName.startsWith('assets/')))
    closure(bundle, entry.fileName, startUp);
  const fileOf = (root: string) => {
    const chunk = byModule.get(resolve(projectRoot, root));
    if (!chunk) throw new Error(`offline code: ${root} is not a chunk of the build (renamed?)`);
    return chunk.fileName;
  };
  const code = new Set<string>();
  for (const root of ROOTS) closure(bundle, fileOf(root), code);
  for (const style of STYLES) {
    const asset = Object.values(bundle).find(
      (output) => output.type === 'asset' && output.originalFileNames.includes(style),
    );
    if (!asset) throw new Error(`offline code: ${style} is not a stylesheet of the build (renamed?)`);
    code.add(`/${asset.fileName}`);
  }
  const texts: Record<string, string[]> = {};
  for (const chunk of chunks) {
    const text = /\/locales\/([a-z]+)\/([a-z-]+)\.json$/.exec(chunk.facadeModuleId ?? '');
    if (!text?.[1] || !text[2] || !NAMESPACES.includes(text[2])) continue;
    const own = new Set<string>();
    closure(bundle, chunk.fileName, own);
    texts[text[1]] = [...(texts[text[1]] ?? []), ...own].filter((file) => !startUp.has(file));
  }
  return { code: [...code].filter((file) => !startUp.has(file)).sort(), texts };
}

/** As the meta tag holds it: the URLs, spaced, a language's texts prefixed with it ('es:/assets/…'). */
function serializeOfflineCode(found: OfflineCode): string {
  const texts = Object.entries(found.texts).flatMap(([language, files]) =>
    files.map((file) => `${language}:${file}`),
  );
  return [...found.code, ...texts].join(' ');
}

/**
 * Writes the list into index.html (a meta tag: a few KB, no request, current with every build) and keeps it
 * for the service worker's precache order (`firstInPrecache`).
 */
export function offlineCode(projectRoot: string): { plugin: Plugin; firstInPrecache: () => string[] } {
  let found: OfflineCode | null = null;
  const plugin: Plugin = {
    name: 'karbontrack:offline-code',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, context) {
        if (!context.bundle) return [];
        found = offlineCodeOf(context.bundle, projectRoot);
        return [
          {
            tag: 'meta',
            attrs: { name: OFFLINE_CODE_META, content: serializeOfflineCode(found) },
            injectTo: 'head',
          },
        ];
      },
    },
  };
  const firstInPrecache = () => (found ? [...found.code, ...Object.values(found.texts).flat()] : []);
  return { plugin, firstInPrecache };
}
