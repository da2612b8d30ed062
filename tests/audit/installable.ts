import { type AuditBrowser, defaultPage, resetOrigin } from './lighthouse';

export interface Installability {
  ok: boolean;
  problems: string[];
}

interface ManifestIcon {
  sizes?: string;
  purpose?: string;
  type?: string;
}

interface WebManifest {
  name?: string;
  short_name?: string;
  start_url?: string;
  display?: string;
  theme_color?: string;
  icons?: ManifestIcon[];
}

/**
 * Lighthouse 12 dropped its PWA category, so installability is checked here the way Chromium decides it:
 * Page.getInstallabilityErrors (CDP) on a fresh visit to `/`, plus the manifest's fields the issue names
 * and the service worker serving the start URL with the network off.
 */
export async function checkInstallable(audit: AuditBrowser, origin: string): Promise<Installability> {
  await resetOrigin(audit, origin);
  const page = await defaultPage(audit);
  const problems: string[] = [];
  try {
    const cdp = await page.context().newCDPSession(page);
    await page.goto(`${origin}/`);
    // The app registers its worker after load; installability needs it controlling the page.
    await page.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((resolve) => navigator.serviceWorker.addEventListener('controllerchange', resolve));
      }
    });

    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    for (const error of installabilityErrors) {
      const args = error.errorArguments.map((arg) => `${arg.name}=${arg.value}`).join(', ');
      problems.push(`Chromium: ${error.errorId}${args ? ` (${args})` : ''}`);
    }

    const manifest = await cdp.send('Page.getAppManifest');
    for (const error of manifest.errors) problems.push(`manifest: ${error.message}`);
    const data = JSON.parse(manifest.data ?? '{}') as WebManifest;
    if (!data.name || !data.short_name) problems.push('manifest: no name or short_name');
    if (data.display !== 'standalone') problems.push(`manifest: display is ${data.display}, not standalone`);
    if (!data.theme_color) problems.push('manifest: no theme_color');
    const icons = data.icons ?? [];
    const has = (size: string, purpose: string) =>
      icons.some(
        (icon) => icon.sizes?.split(' ').includes(size) && (icon.purpose ?? 'any').includes(purpose),
      );
    for (const size of ['192x192', '512x512']) {
      if (!has(size, 'any')) problems.push(`manifest: no ${size} icon`);
      if (!has(size, 'maskable')) problems.push(`manifest: no ${size} maskable icon`);
    }

    // Offline, the start URL still opens from the service worker's precache.
    const startUrl = new URL(data.start_url ?? '/', origin).href;
    await page.context().setOffline(true);
    try {
      const response = await page.goto(startUrl);
      if (!response?.ok()) problems.push(`offline: ${startUrl} answered ${response?.status() ?? 'nothing'}`);
      else if (!response.fromServiceWorker())
        problems.push(`offline: ${startUrl} not from the service worker`);
      // A screen, not only the theme's style element: the sign-in screen (no session here) shows.
      await page.locator('main h1').first().waitFor({ timeout: 15_000 });
    } catch (error) {
      problems.push(`offline: ${startUrl} did not open (${(error as Error).message.split('\n')[0]})`);
    } finally {
      await page.context().setOffline(false);
    }
  } finally {
    await page.close();
  }
  return { ok: problems.length === 0, problems };
}
