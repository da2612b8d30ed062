import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { routeFor } from '../routes';

/**
 * The window's title names the screen in the interface language ("Contact · Karbontrack"): what a tab,
 * the history and a screen reader announce. The product page is the app's name alone.
 */
export function DocumentTitle() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const name = routeFor(pathname)?.name ?? 'not_found';
  const app = t('app_name');
  const screen = name === 'product' ? null : t(`page_title.${name.replaceAll('-', '_')}`);
  useEffect(() => {
    document.title = screen ? `${screen} · ${app}` : app;
  }, [screen, app]);
  return null;
}
