import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router-dom';
import { useSession } from '../../features/auth/session';
import { IconDevices } from '../../features/sync/IconDevices';
import { IconChevronLeft, IconChevronRight, IconContainer, IconShip } from '../../ui/icons';
import classes from './layout.module.css';
import { SIDEBAR_COLLAPSED_KEY } from './sidebarKey';

export { SIDEBAR_COLLAPSED_KEY };

interface Entry {
  to: string;
  labelKey: string;
  icon: ReactNode;
  /** Route prefixes for which this entry is the active one. */
  matches: RegExp;
  /** Shown to admins only. */
  admin?: boolean;
}

const ENTRIES: Entry[] = [
  { to: '/projects', labelKey: 'nav.projects', icon: <IconShip />, matches: /^\/projects?(\/|$)/ },
  {
    to: '/reports',
    labelKey: 'nav.container_reports',
    icon: <IconContainer />,
    matches: /^\/reports?(\/|$)/,
  },
  {
    to: '/devices',
    labelKey: 'nav.devices',
    icon: <IconDevices />,
    matches: /^\/devices(\/|$)/,
    admin: true,
  },
];

function storedCollapsed(): boolean {
  try {
    return localStorage.getItem(SIDEBAR_COLLAPSED_KEY) === 'true';
  } catch {
    return false;
  }
}

/** Collapsed or not, kept under SIDEBAR_COLLAPSED_KEY ('true' / 'false') and followed across tabs. */
function useCollapsed(): [boolean, (collapsed: boolean) => void] {
  const [collapsed, setState] = useState(storedCollapsed);
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key === SIDEBAR_COLLAPSED_KEY) setState(event.newValue === 'true');
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const set = (next: boolean) => {
    setState(next);
    try {
      localStorage.setItem(SIDEBAR_COLLAPSED_KEY, String(next));
    } catch {
      // Storage unavailable: remembered for this visit only.
    }
  };
  return [collapsed, set];
}

export function Sidebar() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const admin = useSession((state) => state.user?.role === 'admin');
  const [collapsed, setCollapsed] = useCollapsed();

  return (
    <nav
      className={classes.sidebar}
      data-collapsed={collapsed}
      aria-label={t('nav.main')}
      data-testid="sidebar"
    >
      <Link to="/projects" className={classes.logo} aria-label={t('app_name')}>
        {collapsed ? (
          <img src="/logo-small.svg" alt={t('app_name')} width={44} height={44} data-testid="logo-small" />
        ) : (
          <img src="/logo.svg" alt={t('app_name')} width={196} height={44} data-testid="logo-large" />
        )}
      </Link>
      <div className={classes.navList}>
        {ENTRIES.filter((entry) => admin || !entry.admin).map((entry) => {
          const active = entry.matches.test(pathname);
          return (
            <Link
              key={entry.to}
              to={entry.to}
              className={classes.navLink}
              data-active={active}
              aria-current={active ? 'page' : undefined}
              title={collapsed ? t(entry.labelKey) : undefined}
            >
              {entry.icon}
              {collapsed ? (
                <span className="sr-only">{t(entry.labelKey)}</span>
              ) : (
                <span>{t(entry.labelKey)}</span>
              )}
            </Link>
          );
        })}
      </div>
      <button
        type="button"
        className={classes.collapse}
        onClick={() => setCollapsed(!collapsed)}
        aria-label={t(collapsed ? 'nav.expand' : 'nav.collapse')}
        aria-expanded={!collapsed}
        data-testid="sidebar-toggle"
      >
        {collapsed ? <IconChevronRight /> : <IconChevronLeft />}
      </button>
    </nav>
  );
}
