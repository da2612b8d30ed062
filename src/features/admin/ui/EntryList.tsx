import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Pager } from '../../../ui/Pager';
import { ADMIN_PAGE_SIZE, type ListPage } from './useListPage';

/** A page of an administration list (useListPage): its entries, "nothing found" when none, the pager past a page. */
export function EntryList<T extends { id: string }>(props: {
  list: ListPage<T>;
  testId: string;
  pagerName: string;
  children: (entry: T) => ReactNode;
}) {
  // 'ui' too, though only the entries' History buttons and the pager read it: loaded with the list's first
  // render instead of when the first entries arrive from the store (a first download), which suspended
  // the whole screen then, hid its loader over it and closed a select the admin had just opened.
  const { t } = useTranslation(['admin', 'ui']);
  const { list } = props;
  return (
    <>
      {list.total === 0 && <Text c="dimmed">{t('nothing_found')}</Text>}
      <Stack gap="xs" data-testid={props.testId}>
        {list.shown.map(props.children)}
      </Stack>
      {list.total > ADMIN_PAGE_SIZE && (
        <Pager
          page={list.page}
          pageSize={ADMIN_PAGE_SIZE}
          total={list.total}
          onChange={list.setPage}
          name={props.pagerName}
        />
      )}
    </>
  );
}
