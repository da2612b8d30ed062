/** Where the sidebar's collapsed state is kept (local storage, JSON). */
export const SIDEBAR_COLLAPSED_KEY = 'sidebar_collapsed';
