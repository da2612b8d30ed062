// The project page's Documents section (issue 7), built in src/features/documents.
export { default } from '../../documents/AttachmentsSection';
