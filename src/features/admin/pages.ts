// The administration area's pages, in the order its menu lists them. Another page joins the area by
// adding an entry here (its path under /admin/, its title key in the `admin` namespace, its screen):
// the menu, the routes and the layout test's walk follow this list.
import type { ComponentType } from 'react';

export interface AdminPage {
  /** Under /admin/: 'users' is /admin/users. */
  path: string;
  /** Key of its title in the `admin` namespace. */
  titleKey: string;
  /** Loads its screen (each page its own chunk). */
  load: () => Promise<{ default: ComponentType }>;
  /** Text namespaces its screen reads besides `admin`. */
  namespaces?: string[];
}

export const adminPages: AdminPage[] = [
  { path: 'users', titleKey: 'pages.users', load: () => import('./users/UsersPage') },
  { path: 'reference', titleKey: 'pages.reference', load: () => import('./reference/ReferencePage') },
  { path: 'api-access', titleKey: 'pages.api_access', load: () => import('./access/ApiAccessPage') },
  {
    path: 'devices',
    titleKey: 'pages.devices',
    load: () => import('../sync/DevicesPage'),
    namespaces: ['sync'],
  },
  {
    path: 'webhooks',
    titleKey: 'pages.webhooks',
    load: () => import('../webhooks/WebhooksPage'),
    namespaces: ['webhooks'],
  },
];
