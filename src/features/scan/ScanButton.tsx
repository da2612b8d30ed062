import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';

function IconScan() {
  return (
    <svg
      width={28}
      height={28}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d="M3 7V4h3M18 4h3v3M21 17v3h-3M6 20H3v-3M7 8v8M10 8v8M13 8v8M17 8v8" />
    </svg>
  );
}

/** Opens the tally's camera. */
export function ScanButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('tally');
  return (
    <Button
      size="xl"
      variant="light"
      color="blue"
      leftSection={<IconScan />}
      onClick={onClick}
      data-testid="scan-open"
    >
      {t('scan.open')}
    </Button>
  );
}
