import { Button, Group, Modal, Stack } from '@mantine/core';
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

// The tags live in their own module: a list shows them without loading the modal's code.
export { type FilterTag, FilterTags } from './FilterTags';
