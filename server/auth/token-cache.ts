import type { Principal } from './principal.js';

/** How long a verified token is trusted without reading the database again. */
const TRUST_MS = 5_000;
const MAX_ENTRIES = 10_000;

/**
 * Recently verified tokens, so a burst of reads does not look its token up in the database each
 * time. Revocations made through this server (logout, password change, an API token revoked) drop
 * entries at once; a change made elsewhere (another server, SQL by hand) acts within TRUST_MS.
 * Sliding expiry is untouched: the database is read again after TRUST_MS, and that read records
 * use at most once a minute.
 */
export function tokenCache(now: () => number = Date.now, trustMs = TRUST_MS) {
  const entries = new Map<string, { principal: Principal; until: number }>();
  return {
    get(hash: string): Principal | undefined {
      const entry = entries.get(hash);
      if (!entry) return undefined;
      if (entry.until > now()) return entry.principal;
      entries.delete(hash);
      return undefined;
    },
    set(hash: string, principal: Principal) {
      if (trustMs <= 0) return;
      // Oldest first: Map keeps insertion order.
      if (entries.size >= MAX_ENTRIES) {
        const oldest = entries.keys().next();
        if (!oldest.done) entries.delete(oldest.value);
      }
      entries.delete(hash);
      entries.set(hash, { principal, until: now() + trustMs });
    },
    forget(hash: string) {
      entries.delete(hash);
    },
    /** After any other revocation: rare, so everyone is read again rather than tracked. */
    forgetAll() {
      entries.clear();
    },
  };
}
