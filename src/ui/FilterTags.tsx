import { Group, Pill } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export interface FilterTag {
  key: string;
  label: string;
}

/** The active filters as tags; each one's cross removes it. */
export function FilterTags({ tags, onRemove }: { tags: FilterTag[]; onRemove: (key: string) => void }) {
  const { t } = useTranslation('ui');
  if (tags.length === 0) return null;
  return (
    <Group gap="xs" data-testid="filter-tags">
      {tags.map((tag) => (
        <Pill
          key={tag.key}
          size="lg"
          withRemoveButton
          onRemove={() => onRemove(tag.key)}
          // Mantine hides the cross from keyboards and screen readers by default; here it is the way to remove.
          removeButtonProps={{
            'aria-label': t('filters.remove', { filter: tag.label }),
            'aria-hidden': false,
            tabIndex: 0,
          }}
          data-testid={`filter-tag-${tag.key}`}
        >
          {tag.label}
        </Pill>
      ))}
    </Group>
  );
}
