// The documents feature's public face: what the app and other features may import from it:
// a static import of any other of its files fails the lint. Its screens load by import() of their module.
export { AttachmentsTable } from './AttachmentsTable';
export { ClaimBundleDialog } from './ClaimBundleDialog';
export { DocumentsModal } from './DocumentsModal';
export { FileNote, refusalKind } from './FileNote';
