import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export default function ReportsPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('pages.reports')} />;
}
