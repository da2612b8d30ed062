// The summary modal's chart icon (issue 8) lives in src/features/summary.
export { default } from '../../summary/SummaryButton';
