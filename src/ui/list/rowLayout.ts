import { createContext, useContext } from 'react';

/**
 * How the list around a row's actions is drawn: a table row whose actions say their words ('worded', where
 * they fit), a table row of icons named for screen readers ('table'), or a card (icons with their words).
 */
export type RowLayout = 'worded' | 'table' | 'card';

export const RowLayoutContext = createContext<RowLayout>('table');

/** The layout of the list row around an action. */
export function useRowLayout(): RowLayout {
  return useContext(RowLayoutContext);
}
