import { useTranslation } from 'react-i18next';
import type { RowOfResource } from '../../store/schema';
import { formatSpan } from '../../ui/format';
import { RecordSummary } from '../../ui/record/RecordSummary';
import { useRefNames } from '../../ui/useRefNames';
import { useZone } from '../../ui/zone';

const REFS = { activity: 'project-activity', crane_type: 'crane-type' } as const;

/** The hand in short above its sections (who leads it, which gang, when); its full form one tap away. */
export function HandSummary({ hand }: { hand: RowOfResource<'hand'> }) {
  const { t } = useTranslation('hand');
  const zone = useZone();
  const names = useRefNames(REFS, hand);
  const facts: [string, string][] = [
    [t('fields.foreman'), hand.foreman ?? ''],
    [t('fields.gang_no'), hand.gang_no === null ? '' : String(hand.gang_no)],
    [t('fields.activity'), names?.activity ?? ''],
    [t('fields.crane_type'), names?.crane_type ?? ''],
    [t('times'), formatSpan(hand.init_date ?? '', hand.end_date ?? '', zone)],
  ];
  return <RecordSummary facts={facts} section="details" edit={t('edit_details')} testId="hand" />;
}
