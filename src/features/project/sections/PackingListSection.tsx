// The project page's PackingList section (issue 7), built in src/features/packing-list.
export { default } from '../../packing-list/PackingListSection';
