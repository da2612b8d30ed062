// Photos and documents of records: add them (kept on the device at once), list them with their state,
// and the uploader that sends them after their parent reaches the server. See ./README.md.
export { addFiles, type FileParent } from './add';

export { useFiles, useFileUrl } from './hooks';
export { type FileItem, filesOfParent } from './list';
