import { Button, Group, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconFilter, IconPlus } from './icons';
import { Link } from './Link';

interface ListPageHeaderProps {
  title: string;
  onFilters: () => void;
  /** The new-record button: its words and the page it opens. */
  add: { label: string; to: string };
}

/** A list page's header: its title, then Filters and New. */
export function ListPageHeader({ title, onFilters, add }: ListPageHeaderProps) {
  const { t } = useTranslation('ui');
  return (
    <Group justify="space-between">
      <Title order={1} data-testid="page-title">
        {title}
      </Title>
      <Group gap="sm">
        <Button variant="default" size="md" leftSection={<IconFilter size={18} />} onClick={onFilters}>
          {t('filters.open')}
        </Button>
        <Button component={Link} to={add.to} size="md" leftSection={<IconPlus size={18} />}>
          {add.label}
        </Button>
      </Group>
    </Group>
  );
}
