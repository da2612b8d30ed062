import { createContext, useContext } from 'react';

/** How the list around a row's actions is drawn: a table row (icons) or a card (icons with their words). */
export type RowLayout = 'table' | 'card';

export const RowLayoutContext = createContext<RowLayout>('table');

/** Whether a row's actions say what they are in words (cards, where there is room under the record). */
export function useWordedActions(): boolean {
  return useContext(RowLayoutContext) === 'card';
}
