import { Alert, Button, Text } from '@mantine/core';
import { Component, type ComponentType, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyRetrying, retryFailedLoads } from './lazyRetrying';
import { isLoadFailure } from './loadFailure';

/** What shows where a part of the app could not be loaded: said in words, with a way to try again. */
function LoadFailed({ onRetry, screen }: { onRetry: () => void; screen: boolean }) {
  const { t } = useTranslation('common');
  return (
    <Alert
      color="orange"
      title={t('load_failed.title')}
      role="alert"
      data-testid={screen ? 'screen-load-failed' : 'load-failed'}
    >
      <Text size="sm" mb="sm">
        {t('load_failed.text')}
      </Text>
      <Button variant="default" onClick={onRetry}>
        {t('load_failed.retry')}
      </Button>
    </Alert>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** Shown instead of the message where the part is optional (an install hint): null shows nothing. */
  failed?: ReactNode;
  /** The part is a whole screen (a frame's outlet). */
  screen?: boolean;
  /** A change (another screen) clears the failure: the new part loads on its own. */
  resetKey?: unknown;
}

interface BoundaryState {
  error: unknown;
  resetKey: unknown;
}

/**
 * Catches a lazily loaded part that could not be loaded (./loadFailure.ts) and shows it in words instead of
 * leaving the screen blank; what is around it (a form and what was typed in it) stays. Any other error goes
 * on up.
 */
class LoadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (props.resetKey === state.resetKey) return null;
    // Another screen: what failed before may load now (a counter's bump, harmless if repeated).
    if (state.error !== null) retryFailedLoads();
    return { error: null, resetKey: props.resetKey };
  }

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!isLoadFailure(error)) throw error;
    if (this.props.failed !== undefined) return this.props.failed;
    return (
      <LoadFailed
        screen={this.props.screen ?? false}
        onRetry={() => {
          retryFailedLoads();
          this.setState({ error: null });
        }}
      />
    );
  }
}

/** Suspense for a lazily loaded part, with the boundary above: loading shows `fallback`, failing says so. */
export function Lazy({
  children,
  fallback = null,
  failed,
  resetKey,
  screen,
}: {
  children: ReactNode;
  fallback?: ReactNode;
  failed?: ReactNode;
  resetKey?: unknown;
  screen?: boolean;
}) {
  return (
    <LoadBoundary resetKey={resetKey} failed={failed} screen={screen}>
      <Suspense fallback={fallback}>{children}</Suspense>
    </LoadBoundary>
  );
}

/**
 * A part whose code loads at its first render (a dialog, a drawer, a section): lazyRetrying with its own
 * Lazy around it, so a caller renders it as any component. Loading shows `fallback` (nothing by default);
 * failing says so in its place, or shows `failed` where the part is optional.
 */
export function lazyPart<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  { fallback = null, failed }: { fallback?: ReactNode; failed?: ReactNode } = {},
): ComponentType<P> {
  const Part = lazyRetrying(load);
  // Called once per part at module level, as React.lazy is: one component for good.
  // biome-ignore lint/correctness/noComponentHookFactories: a factory like React.lazy, not a render.
  return function LazyPart(props: P) {
    return (
      <Lazy fallback={fallback} failed={failed}>
        <Part {...props} />
      </Lazy>
    );
  };
}
