import { useTranslation } from 'react-i18next';
import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export default function ProjectsPage() {
  const { t } = useTranslation();
  return <ScreenPlaceholder title={t('pages.projects')} />;
}
