import { useTranslation } from 'react-i18next';
import type { ResourceName } from '../../domain/registry';
import type { RowOfResource } from '../../store/schema';
import { formatDate } from '../../ui/format';
import { RecordSummary } from '../../ui/record/RecordSummary';
import { useRefNames } from '../../ui/useRefNames';

export const PROJECT_REFS = {
  status: 'project-status',
  activity: 'project-activity',
  commodity: 'commodity',
  customer: 'accounts',
  vessel: 'vessel',
  port: 'port',
} as const satisfies Record<string, ResourceName>;

/** A saved project's general data in short: what a stevedore checks before work; the full form one tap away. */
export function ProjectSummary({ project }: { project: RowOfResource<'project'> }) {
  const { t } = useTranslation('project');
  const names = useRefNames(PROJECT_REFS, project);
  const dates = [formatDate(project.init_date ?? ''), formatDate(project.end_date ?? '')]
    .filter(Boolean)
    .join(' – ');
  const facts: [string, string][] = [
    [t('fields.code'), project.code ?? ''],
    [t('fields.vessel'), [names?.vessel, project.voyage].filter(Boolean).join(' · ')],
    [t('fields.port'), [names?.port, project.dock].filter(Boolean).join(' · ')],
    [t('columns_dates'), dates],
    [t('fields.customer'), names?.customer ?? ''],
    [t('fields.activity'), [names?.activity, names?.commodity].filter(Boolean).join(' · ')],
  ];
  return <RecordSummary facts={facts} section="general" edit={t('edit_general')} testId="project" />;
}
