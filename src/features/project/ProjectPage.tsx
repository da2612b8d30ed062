import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router-dom';
import { ScreenPlaceholder } from '../../ui/ScreenPlaceholder';

export default function ProjectPage() {
  const { t } = useTranslation();
  const { id } = useParams();
  return <ScreenPlaceholder title={id ? t('pages.project') : t('pages.new_project')} />;
}
