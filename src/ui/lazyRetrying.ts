import { type ComponentType, createElement, lazy } from 'react';

// Bumped by each new attempt the user asks for (./LoadBoundary.tsx: "Try again", or another screen): a
// part whose code failed to load tries again only then, not on React's own re-render after the error
// (which would ask again and again, and never let the boundary show the failure).
let attempt = 0;

/** Lets every part whose code failed to load ask for it again at its next render. */
export function retryFailedLoads(): void {
  attempt += 1;
}

/**
 * React.lazy keeps a failed load for good: the screen could never open again without a reload (and
 * offline, a reload loses the page). This one makes a new lazy once a new attempt is asked for.
 */
export function lazyRetrying<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  let failedAt: number | null = null;
  const tracked = () =>
    load().catch((error: unknown) => {
      failedAt = attempt;
      throw error;
    });
  let current = lazy(tracked);
  // Called once per lazily loaded component at module level, as React.lazy is: one component for good.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, not a render.
  return function Retrying(props: P) {
    if (failedAt !== null && attempt > failedAt) {
      failedAt = null;
      current = lazy(tracked);
    }
    return createElement(current, props);
  };
}
