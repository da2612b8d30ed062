import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { Plugin } from 'vite';

/** The splash's logo in index.html: `<img src="/logo.svg" data-inline ...>`. */
const PLACEHOLDER = /<img src="\/(logo\.svg)" data-inline /g;

/**
 * Writes public/logo.svg into index.html's splash as a data: URI (base64), at build and in the dev server:
 * the logo paints with the page instead of after a request (it is the first paint's largest element, the
 * page's LCP), and it is read from the file each time, so a new logo leaves no stale copy behind.
 */
export function inlineSplashLogo(publicDir: string): Plugin {
  return {
    name: 'karbontrack:inline-splash-logo',
    transformIndexHtml: {
      // Before Vite reads the page's URLs: the data: URI is left as it is.
      order: 'pre',
      handler(html) {
        let found = false;
        const result = html.replace(PLACEHOLDER, (_match, file: string) => {
          found = true;
          const svg = readFileSync(resolve(publicDir, file)).toString('base64');
          return `<img src="data:image/svg+xml;base64,${svg}" `;
        });
        if (!found)
          throw new Error('index.html: the splash logo (<img src="/logo.svg" data-inline) was not found');
        return result;
      },
    },
  };
}
