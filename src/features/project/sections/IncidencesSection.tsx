// The incidence list accordion and detail modal (issue 8) live in src/features/incidences.
export { default } from '../../incidences/IncidencesSection';
