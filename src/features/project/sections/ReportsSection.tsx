// The reports accordion (issue 8) lives in src/features/project-reports.
export { default } from '../../project-reports/ReportsSection';
