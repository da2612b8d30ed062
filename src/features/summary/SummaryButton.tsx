// The Summary button (chart and word) in the project page's header; the modal (tables, charts, ratio code) loads on first open.
import { Button } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyPart } from '../../ui/LoadBoundary';

const SummaryModal = lazyPart(() => import('./SummaryModal'));

export default function SummaryButton({ projectId }: { projectId: string }) {
  const { t } = useTranslation('project');
  const [opened, setOpened] = useState(false);
  return (
    <>
      <Button
        size="md"
        variant="default"
        onClick={() => setOpened(true)}
        data-testid="summary-button"
        leftSection={
          <svg
            width={22}
            height={22}
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth={2}
            aria-hidden="true"
          >
            <path d="M3 3v18h18M7 15v3M12 10v8M17 6v12" />
          </svg>
        }
      >
        {t('sections.summary')}
      </Button>
      {opened && <SummaryModal projectId={projectId} onClose={() => setOpened(false)} />}
    </>
  );
}
