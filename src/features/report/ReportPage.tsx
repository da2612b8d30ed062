import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export default function ReportPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <ScreenPlaceholder title={id ? t('pages.report') : t('pages.new_report')} />;
}
