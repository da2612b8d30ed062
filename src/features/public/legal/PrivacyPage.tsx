import { LegalPage } from './LegalPage';

const SECTIONS = [
  'controller',
  'purpose',
  'basis',
  'recipients',
  'rights',
  'retention',
  'mandatory',
  'cookies',
  'embedded',
];

export default function PrivacyPage() {
  return <LegalPage titleKey="privacy_policy" group="privacy" sections={SECTIONS} />;
}
