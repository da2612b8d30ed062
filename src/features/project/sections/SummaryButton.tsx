// Slot in the project page's title bar: the chart icon opening the commodity summaries modal (issue 8).
// The issue that builds the modal replaces this placeholder (a disabled icon).
import { ActionIcon, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export default function SummaryButton(_props: { projectId: string }) {
  const { t } = useTranslation('project');
  return (
    <Tooltip label={t('sections.summary')}>
      <ActionIcon size="xl" variant="default" disabled aria-label={t('sections.summary')}>
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
      </ActionIcon>
    </Tooltip>
  );
}
