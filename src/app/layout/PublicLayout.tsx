import { Anchor, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router-dom';
import { Link } from '../../ui/Link';
import { Lazy } from '../../ui/LoadBoundary';
import { PageFallback } from '../../ui/PageFallback';
import { DocumentTitle } from './DocumentTitle';
import { Footer } from './Footer';
import { LanguageSwitch } from './LanguageSwitch';
import classes from './layout.module.css';

/** The public frame: no sidebar and no user bar, only the logo, links, the language switch and the footer. */
export default function PublicLayout() {
  const { t } = useTranslation(['public', 'common']);
  const { pathname } = useLocation();
  return (
    <div className={classes.publicShell}>
      <DocumentTitle />
      <header className={classes.publicHeader} data-testid="public-header">
        <Link to="/" aria-label={t('common:app_name')} className={classes.homeLink}>
          <img src="/logo-dark.svg" alt={t('common:app_name')} width={178} height={40} />
        </Link>
        <Group gap="md" wrap="wrap">
          <Anchor component={Link} to="/" fw={600}>
            {t('nav.product')}
          </Anchor>
          <Anchor component={Link} to="/contact" fw={600}>
            {t('nav.contact')}
          </Anchor>
          <Anchor component={Link} to="/login" fw={600}>
            {t('nav.login')}
          </Anchor>
          <LanguageSwitch />
        </Group>
      </header>
      <main className={classes.publicMain} id="main">
        <Lazy fallback={<PageFallback />} resetKey={pathname} screen>
          <Outlet />
        </Lazy>
      </main>
      <Footer />
    </div>
  );
}
