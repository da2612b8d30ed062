import { create } from 'zustand';

interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  needRefresh: boolean;
  /** Activates the waiting version and reloads (set once the service worker is registered). */
  applyUpdate: (() => Promise<void>) | null;
  /** "Later" on the server's word that this app is outdated (the sync bar still says it). */
  outdatedDismissed: boolean;
}

export const useUpdateStore = create<UpdateState>(() => ({
  needRefresh: false,
  applyUpdate: null,
  outdatedDismissed: false,
}));
