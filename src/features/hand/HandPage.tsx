import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export default function HandPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('pages.hand')} />;
}
