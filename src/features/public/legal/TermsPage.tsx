import { LegalPage } from './LegalPage';

const SECTIONS = [
  'owner',
  'user',
  'registration',
  'password',
  'use',
  'changes',
  'blocking',
  'liability',
  'law',
];

export default function TermsPage() {
  return <LegalPage titleKey="legal_advice" group="terms" sections={SECTIONS} />;
}
