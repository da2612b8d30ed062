import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { displayName, useSession } from '../../features/auth';
import {
  IconChevronLeft,
  IconChevronRight,
  IconClose,
  IconContainer,
  IconSettings,
  IconShip,
} from '../../ui/icons';
import { Link } from '../../ui/Link';
import { listPlace } from '../../ui/listPlace';
import { useMedia, WIDE } from '../../ui/useMedia';
import classes from './layout.module.css';
import { SIDEBAR_COLLAPSED_KEY } from './sidebarKey';

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
    to: '/admin',
    labelKey: 'nav.admin',
    icon: <IconSettings />,
    matches: /^\/(admin|devices)(\/|$)/,
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

interface SidebarProps {
  /** Below the wide breakpoint the navigation is a drawer: whether it is open. */
  open: boolean;
  onClose: () => void;
}

/**
 * The main navigation. On a desk or a tablet in landscape (64em and up) a column beside the screen, folded
 * to its icons when the user likes; narrower, a drawer over the screen opened by the top bar's Menu button,
 * closed by a tap outside, Escape, its close button or the choice of an entry.
 */
export function Sidebar({ open, onClose }: SidebarProps) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const admin = useSession((state) => state.user?.role === 'admin');
  const name = useSession(displayName);
  const [storedFold, setCollapsed] = useCollapsed();
  const wide = useMedia(WIDE);
  const drawer = !wide;
  const collapsed = wide && storedFold;
  const closeButton = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!drawer || !open) return;
    closeButton.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [drawer, open, onClose]);

  return (
    <nav
      id="main-navigation"
      className={classes.sidebar}
      data-collapsed={collapsed}
      data-mode={drawer ? 'drawer' : 'column'}
      data-open={drawer && open}
      aria-label={t('nav.main')}
      data-testid="sidebar"
    >
      <div className={classes.logoRow}>
        <Link to="/projects" className={classes.logo} aria-label={t('app_name')} onClick={onClose}>
          {collapsed ? (
            <img src="/logo-small.svg" alt={t('app_name')} width={44} height={44} data-testid="logo-small" />
          ) : (
            <img src="/logo.svg" alt={t('app_name')} width={196} height={44} data-testid="logo-large" />
          )}
        </Link>
        {drawer && (
          <button
            ref={closeButton}
            type="button"
            className={classes.drawerClose}
            onClick={onClose}
            aria-label={t('nav.close_menu')}
            data-testid="menu-close"
          >
            <IconClose />
          </button>
        )}
      </div>
      {drawer && name && <p className={classes.drawerUser}>{t('user_bar.welcome', { name })}</p>}
      <div className={classes.navList}>
        {ENTRIES.filter((entry) => admin || !entry.admin).map((entry) => {
          const active = entry.matches.test(pathname);
          return (
            <Link
              key={entry.to}
              to={listPlace(entry.to)}
              className={classes.navLink}
              data-active={active}
              aria-current={active ? 'page' : undefined}
              title={collapsed ? t(entry.labelKey) : undefined}
              onClick={onClose}
            >
              {entry.icon}
              {collapsed ? (
                <span className="sr-only">{t(entry.labelKey)}</span>
              ) : (
                <span className={classes.navLabel}>{t(entry.labelKey)}</span>
              )}
            </Link>
          );
        })}
      </div>
      {wide && (
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
      )}
    </nav>
  );
}
