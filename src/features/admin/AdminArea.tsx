import { Alert, Button, Group, Stack, Title } from '@mantine/core';
import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, Route, Routes, useLocation } from 'react-router-dom';
import { PageFallback } from '../../app/layout/PageFallback';
import { useSession } from '../auth/session';
import { adminPages } from './pages';

/** The area's menu: one worded button per page, wrapping on a narrow screen (no sideways scroll). */
function AdminMenu() {
  const { t } = useTranslation('admin');
  const { pathname } = useLocation();
  return (
    <Group gap="xs" wrap="wrap" role="navigation" aria-label={t('menu')} data-testid="admin-menu">
      {adminPages.map((page) => {
        const to = `/admin/${page.path}`;
        const active = pathname === to || pathname.startsWith(`${to}/`);
        return (
          <Button
            key={page.path}
            component={Link}
            to={to}
            variant={active ? 'filled' : 'default'}
            aria-current={active ? 'page' : undefined}
          >
            {t(page.titleKey)}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * The administration (admins): users, reference lists, customer API access, devices, and any page added
 * to ./pages.ts. Staff are told it is for admins; the server refuses them anyway.
 */
export default function AdminArea() {
  const { t } = useTranslation('admin');
  const admin = useSession((state) => state.user?.role === 'admin');
  const screens = useMemo(() => adminPages.map((page) => ({ path: page.path, Screen: lazy(page.load) })), []);
  let body: ReactNode;
  if (!admin) body = <Alert color="red">{t('admins_only')}</Alert>;
  else
    body = (
      <Suspense fallback={<PageFallback />}>
        <Routes>
          {screens.map(({ path, Screen }) => (
            <Route key={path} path={`${path}/*`} element={<Screen />} />
          ))}
          <Route index element={<Navigate to={`/admin/${adminPages[0]?.path ?? ''}`} replace />} />
          <Route path="*" element={<Navigate to="/admin" replace />} />
        </Routes>
      </Suspense>
    );
  return (
    <Stack gap="md">
      <Title order={1}>{t('title')}</Title>
      {admin && <AdminMenu />}
      {body}
    </Stack>
  );
}
