import { Group, Loader, Stack } from '@mantine/core';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { useList } from '../../store/hooks';
import { FilterTags } from '../../ui/FilterTags';
import { ListPageHeader } from '../../ui/ListPageHeader';
import { lazyPart } from '../../ui/LoadBoundary';
import { useRememberListPlace } from '../../ui/listPlace';
import { Pager } from '../../ui/Pager';
import { usePreloadWhenSettled } from '../../ui/preload';
import { useLastPageWhenPast } from '../../ui/useLastPageWhenPast';
import { useSession } from '../auth';
import {
  emptyFilters,
  type FilterKey,
  filtersFromParams,
  PROJECT_PAGE_SIZE,
  type ProjectFilters,
  paramsFromFilters,
} from './filters';
import { useKeptOffline } from './KeepOffline';
import { ProjectsTable } from './ProjectsTable';
import { useFilterTags } from './useFilterTags';
import { useFirstFill, useProjectList } from './useProjectList';

const loadProjectPage = () => import('../project/ProjectPage');
// The filter form (date pickers, searchable selects) loads when first opened, not with the list.
const ProjectsFilterModal = lazyPart(async () => ({
  default: (await import('./ProjectsFilterModal')).ProjectsFilterModal,
}));

/** Status ids meaning "in progress": those projects are kept offline on every device. */
function useInProgressStatuses(): Set<string> {
  const statuses = useList('project-status');
  return useMemo(
    () =>
      new Set(
        (statuses ?? [])
          .filter(
            (row) =>
              String(row.name ?? '')
                .trim()
                .toLowerCase() === 'in progress',
          )
          .map((row) => row.id),
      ),
    [statuses],
  );
}

export default function ProjectsPage() {
  const { t } = useTranslation(['projects', 'ui']);
  const [params, setParams] = useSearchParams();
  useRememberListPlace();
  const { filters, page } = filtersFromParams(params);
  const [filterOpen, setFilterOpen] = useState(false);
  // Mounted from the first opening on, so closing keeps its transition.
  const [filterUsed, setFilterUsed] = useState(false);
  if (filterOpen && !filterUsed) setFilterUsed(true);
  const isAdmin = useSession((state) => state.user?.role === 'admin');
  const list = useProjectList(filters, page, PROJECT_PAGE_SIZE);
  const filling = useFirstFill();
  const kept = useKeptOffline();
  const inProgress = useInProgressStatuses();
  const tags = useFilterTags(filters);

  const go = (next: ProjectFilters, nextPage: number) =>
    setParams(paramsFromFilters(next, nextPage), { replace: false });
  const setFilter = (key: FilterKey, value: string | null) =>
    go({ ...filters, [key]: key === 'search' ? (value ?? '') : value }, 1);

  // The project page's code loads once the list has settled, so opening a project does not wait for it.
  usePreloadWhenSettled(loadProjectPage);

  // The search entries (every project read once) are read when the filter modal opens, where the search
  // box is (ProjectsFilterModal), not as the list settles: there they made tasks of their own in the
  // first seconds of every visit, and held the user's first page turn behind them.

  useLastPageWhenPast(list?.total, page, PROJECT_PAGE_SIZE, (last) =>
    setParams(paramsFromFilters(filters, last), { replace: true }),
  );

  return (
    <Stack gap="md">
      <ListPageHeader
        title={t('title')}
        onFilters={() => setFilterOpen(true)}
        add={{ label: t('new_project'), to: '/project' }}
      />
      <FilterTags tags={tags} onRemove={(key) => setFilter(key as FilterKey, null)} />
      {/* The list and its pager show once the device has read the page (a few ms; no spinner then, nor an
          'empty' flash), the spinner only while the device is filled for the first time: the pager
          appears under the rows instead of being pushed down by them (a layout shift). */}
      {filling && !list?.total ? (
        <Group justify="center" p="xl" data-testid="projects-loading">
          <Loader />
        </Group>
      ) : (
        list && (
          <>
            <ProjectsTable rows={list.rows} isAdmin={isAdmin} kept={kept} inProgress={inProgress} />
            <Pager
              page={list.page}
              pageSize={PROJECT_PAGE_SIZE}
              total={list.total}
              onChange={(next) => go(filters, next)}
            />
          </>
        )
      )}
      {filterUsed && (
        <ProjectsFilterModal
          opened={filterOpen}
          onClose={() => setFilterOpen(false)}
          filters={filters}
          onChange={setFilter}
          onReset={() => go(emptyFilters, 1)}
        />
      )}
    </Stack>
  );
}
