import { create } from 'zustand';

interface UpdateState {
  /** A new version is installed and waiting for the user's go-ahead. */
  needRefresh: boolean;
  /** Activates the waiting version and reloads (set once the service worker is registered). */
  applyUpdate: (() => Promise<void>) | null;
}

export const useUpdateStore = create<UpdateState>(() => ({ needRefresh: false, applyUpdate: null }));
