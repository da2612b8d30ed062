import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconScan } from '../../ui/icons';

/** Opens the tally's camera. */
export function ScanButton({ onClick }: { onClick: () => void }) {
  const { t } = useTranslation('tally');
  return (
    <Button
      size="xl"
      variant="light"
      color="blue"
      leftSection={<IconScan size={28} />}
      onClick={onClick}
      data-testid="scan-open"
    >
      {t('scan.open')}
    </Button>
  );
}
