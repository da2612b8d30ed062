// One tab sends and receives at a time: the holder of a Web Lock named after the user's database. Other
// tabs wait for the lock and take over when the leader's tab closes. Without Web Locks (Node tests, old
// browsers) the tab leads alone.

export interface Leadership {
  /** Resolves when this tab leads (at once without Web Locks). */
  readonly acquired: Promise<void>;
  /** Gives the lead up (or stops waiting for it). */
  release(): void;
}

type LockRequest = (
  name: string,
  options: { mode: 'exclusive'; signal: AbortSignal },
  callback: () => Promise<void>,
) => Promise<unknown>;

function defaultLocks(): LockRequest | null {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks;
  return locks ? (name, options, callback) => locks.request(name, options, callback) : null;
}

export function requestLeadership(name: string, request: LockRequest | null = defaultLocks()): Leadership {
  if (!request) return { acquired: Promise.resolve(), release: () => {} };
  const abort = new AbortController();
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  const acquired = new Promise<void>((resolve, reject) => {
    request(name, { mode: 'exclusive', signal: abort.signal }, () => {
      resolve();
      return held;
    }).catch(reject);
  });
  // An aborted wait rejects: nobody needs to hear about it.
  acquired.catch(() => {});
  return {
    acquired,
    release() {
      abort.abort();
      release();
    },
  };
}
