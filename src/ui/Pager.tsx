import { ActionIcon, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconChevronLeft, IconChevronRight, IconChevronsLeft, IconChevronsRight } from './icons';
import { useNumbers } from './numbers';
import { acceptPage, lastPage, pageRange } from './paging';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  /** Names the pager for tests and screen readers when a screen has several. */
  name?: string;
}

/** First, previous, next and last arrows and 'a - b of total'; moves out of range are ignored. */
export function Pager({ page, pageSize, total, onChange, name = 'pager' }: PagerProps) {
  const { t } = useTranslation('ui');
  const numbers = useNumbers();
  const last = lastPage(total, pageSize);
  const { from, to } = pageRange(page, pageSize, total);
  const go = (next: number) => {
    if (next !== page && acceptPage(next, total, pageSize)) onChange(next);
  };
  const arrows = [
    { label: t('paging.first'), target: 1, icon: <IconChevronsLeft size={20} />, off: page <= 1 },
    { label: t('paging.previous'), target: page - 1, icon: <IconChevronLeft size={20} />, off: page <= 1 },
    { label: t('paging.next'), target: page + 1, icon: <IconChevronRight size={20} />, off: page >= last },
    { label: t('paging.last'), target: last, icon: <IconChevronsRight size={20} />, off: page >= last },
  ];
  return (
    <Group gap="xs" justify="flex-end" data-testid={name} aria-label={t('paging.label')}>
      {arrows.slice(0, 2).map((arrow) => (
        <ActionIcon
          key={arrow.label}
          variant="subtle"
          size="xl"
          aria-label={arrow.label}
          aria-disabled={arrow.off}
          onClick={() => go(arrow.target)}
        >
          {arrow.icon}
        </ActionIcon>
      ))}
      <Text size="sm" data-testid={`${name}-range`} aria-live="polite">
        {t('paging.range', { from: numbers.units(from), to: numbers.units(to), total: numbers.units(total) })}
      </Text>
      {arrows.slice(2).map((arrow) => (
        <ActionIcon
          key={arrow.label}
          variant="subtle"
          size="xl"
          aria-label={arrow.label}
          aria-disabled={arrow.off}
          onClick={() => go(arrow.target)}
        >
          {arrow.icon}
        </ActionIcon>
      ))}
    </Group>
  );
}
