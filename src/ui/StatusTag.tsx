import { Badge } from '@mantine/core';
import { useMemo } from 'react';
import type { ResourceName } from '../domain/registry';
import { useList } from '../store/hooks';
import { folded } from './lookups';

/** What a status says of the work, whatever the list it comes from: one colour each, on every screen. */
export type StatusFamily = 'waiting' | 'under_way' | 'done' | 'closed' | 'other';

// The seeded statuses by their English name (projects, reports, incidences); an admin's own list falls
// to 'other' unless its English name says one of these.
const FAMILIES: Record<string, StatusFamily> = {
  planned: 'waiting',
  draft: 'waiting',
  pending: 'waiting',
  open: 'under_way',
  'in progress': 'under_way',
  completed: 'done',
  resolved: 'done',
  closed: 'closed',
};

const LOOKS: Record<StatusFamily, { color: string; variant: 'light' | 'filled' | 'outline' }> = {
  waiting: { color: 'gray', variant: 'light' },
  under_way: { color: 'blue', variant: 'filled' },
  done: { color: 'green', variant: 'light' },
  closed: { color: 'dark', variant: 'filled' },
  other: { color: 'gray', variant: 'outline' },
};

function statusFamily(englishName: unknown): StatusFamily {
  return (typeof englishName === 'string' && FAMILIES[folded(englishName).trim()]) || 'other';
}

/** Each status id of a status list and its family, read live from the device (a few rows). */
export function useStatusFamilies(resource: ResourceName): Map<string, StatusFamily> {
  const rows = useList(resource);
  return useMemo(
    () => new Map((rows ?? []).map((row) => [row.id, statusFamily(row.name ?? row.description)])),
    [rows],
  );
}

/** A status as a tag: large enough to read in the sun, never cut, coloured by its family. */
export function StatusTag({ label, family }: { label: string; family: StatusFamily | undefined }) {
  if (!label) return null;
  const look = LOOKS[family ?? 'other'];
  return (
    <Badge
      size="lg"
      radius="sm"
      tt="none"
      color={look.color}
      variant={look.variant}
      data-testid="status-tag"
      data-family={family ?? 'other'}
    >
      {label}
    </Badge>
  );
}
