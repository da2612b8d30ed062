import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconClose } from './icons';

export interface FilterTag {
  key: string;
  label: string;
}

/** The active filters as tags; the whole tag (a gloved finger's size) removes its filter. */
export function FilterTags({ tags, onRemove }: { tags: FilterTag[]; onRemove: (key: string) => void }) {
  const { t } = useTranslation('ui');
  if (tags.length === 0) return null;
  return (
    <Group gap="xs" data-testid="filter-tags">
      {tags.map((tag) => (
        <Button
          key={tag.key}
          variant="light"
          color="blue"
          size="md"
          radius="xl"
          rightSection={<IconClose size={18} />}
          onClick={() => onRemove(tag.key)}
          aria-label={t('filters.remove', { filter: tag.label })}
          data-testid={`filter-tag-${tag.key}`}
          styles={{
            root: { height: 'auto', minHeight: 44 },
            label: { whiteSpace: 'normal', textAlign: 'left' },
          }}
        >
          {tag.label}
        </Button>
      ))}
    </Group>
  );
}
