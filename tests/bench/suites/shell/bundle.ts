import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One chunk of Vite's build manifest (dist/.vite/manifest.json). */
interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

type Manifest = Record<string, ManifestChunk>;

// What every visit loads at start-up, whatever the screen: the entry and the service worker registration.
const START_UP = ['index.html', 'src/app/pwa/register.ts'];
// The namespaces i18n loads with the start-up for the public frame (src/app/router.tsx, firstScreenNamespaces),
// in the default language.
const START_UP_TEXTS = ['locales/en/common.json', 'locales/en/auth.json', 'locales/en/public.json'];

/** What each measured first screen needs beyond the start-up: its frame and its page. */
export const FIRST_SCREENS = {
  '/login': ['src/app/layout/PublicLayout.tsx', 'src/features/auth/LoginPage.tsx'],
} as const;

export interface ScreenWeight {
  files: string[];
  gzipBytes: number;
}

/** The JS and CSS files (static import closure) a screen needs, and their gzipped size (zlib level 6). */
export function screenWeight(distDir: string, screen: keyof typeof FIRST_SCREENS): ScreenWeight {
  const manifest = JSON.parse(readFileSync(join(distDir, '.vite/manifest.json'), 'utf8')) as Manifest;
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk)
      throw new Error(`${key} is not in the build manifest: update tests/bench/suites/shell/bundle.ts`);
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of [...START_UP, ...START_UP_TEXTS, ...FIRST_SCREENS[screen]]) visit(key);
  const list = [...files].filter((file) => /\.(js|css)$/.test(file)).sort();
  const gzipBytes = list.reduce(
    (sum, file) => sum + gzipSync(readFileSync(join(distDir, file)), { level: 6 }).length,
    0,
  );
  return { files: list, gzipBytes };
}
