import { Button, Group, Modal, Pill, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

interface FilterModalProps {
  opened: boolean;
  onClose: () => void;
  onReset: () => void;
  title?: string;
  children: ReactNode;
}

/** The filter modal frame every list uses: its fields, then reset and close (filters apply as typed). */
export function FilterModal({ opened, onClose, onReset, title, children }: FilterModalProps) {
  const { t } = useTranslation('ui');
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={title ?? t('filters.title')}
      size="lg"
      data-testid="filter-modal"
    >
      <Stack gap="sm">
        {children}
        <Group justify="flex-end" mt="md">
          <Button variant="default" size="md" onClick={onReset}>
            {t('filters.reset')}
          </Button>
          <Button size="md" onClick={onClose}>
            {t('filters.close')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}

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
