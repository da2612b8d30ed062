import { Alert, Button, Group, NativeSelect, Stack, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { Link } from '../../ui/Link';
import { Lazy } from '../../ui/LoadBoundary';
import { lazyRetrying } from '../../ui/lazyRetrying';
import { PageFallback } from '../../ui/PageFallback';
import { useSession } from '../auth';
import { adminPages } from './pages';

/**
 * The area's menu. From 48em (tablets, desktop) one worded button per page, wrapping; on a phone one
 * select naming the current page (a wrapped row of buttons took most of the first screen before the
 * page's own work), the browser's own list of the pages on a tap.
 */
function AdminMenu() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const pages = adminPages.map((page) => {
    const to = `/admin/${page.path}`;
    return { to, label: t(page.titleKey), active: pathname === to || pathname.startsWith(`${to}/`) };
  });
  return (
    <nav aria-label={t('menu')} data-testid="admin-menu">
      <NativeSelect
        hiddenFrom="sm"
        size="lg"
        aria-label={t('menu')}
        value={pages.find((page) => page.active)?.to ?? ''}
        onChange={(event) => navigate(event.currentTarget.value)}
        data={pages.map((page) => ({ value: page.to, label: page.label }))}
      />
      <Group visibleFrom="sm" gap="xs" wrap="wrap">
        {pages.map((page) => (
          <Button
            key={page.to}
            component={Link}
            to={page.to}
            variant={page.active ? 'filled' : 'default'}
            aria-current={page.active ? 'page' : undefined}
          >
            {page.label}
          </Button>
        ))}
      </Group>
    </nav>
  );
}

// One lazy component per page for good, as the route table's screens (../../app/routes.ts): coming back
// to the area finds its pages' code in them, and a page that failed to load keeps what lazyRetrying knows.
const screens = adminPages.map((page) => ({ path: page.path, Screen: lazyRetrying(page.load) }));

/**
 * The administration (admins): users, reference lists, customer API access, devices, and any page added
 * to ./pages.ts. Staff are told it is for admins; the server refuses them anyway.
 */
export default function AdminArea() {
  const { t } = useTranslation('admin');
  const admin = useSession((state) => state.user?.role === 'admin');
  // Another page of the area clears a failure to load, as the frame does for its screens.
  const { pathname } = useLocation();
  let body: ReactNode;
  if (!admin) body = <Alert color="red">{t('admins_only')}</Alert>;
  else
    body = (
      <Lazy fallback={<PageFallback />} resetKey={pathname} screen>
        <Routes>
          {screens.map(({ path, Screen }) => (
            <Route key={path} path={`${path}/*`} element={<Screen />} />
          ))}
          <Route index element={<Navigate to={`/admin/${adminPages[0]?.path ?? ''}`} replace />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Lazy>
    );
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      {admin && <AdminMenu />}
      {body}
    </Stack>
  );
}
