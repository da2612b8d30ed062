// Photos and documents of records: add them (kept on the device at once), list them with their state,
// and the uploader that sends them after their parent reaches the server. See ./README.md.
export { type AddFilesOptions, addFiles, addFilesTo, type FileParent, setStampUser } from './add';
export { COMPRESSION_LIB_PATH, PHOTO_MAX_MB, PHOTO_MAX_SIDE, stampText } from './compress';
export { useFiles, useFileUrl, useObjectUrl } from './hooks';
export { type FileItem, type FileState, filesOfParent } from './list';
export { parentWaiting, type RoundSummary, recoverInterrupted, uploadDue } from './queue';
export { serverWords, type UploadOutcome, type UploadTarget, uploadFile } from './upload';
export { FileUploader } from './uploader';
