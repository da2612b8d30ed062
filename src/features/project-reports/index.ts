// The project reports feature's public face: what the app and other features may import from it:
// a static import of any other of its files fails the lint. Its screens load by import() of their module.
export { DocumentsButton, DocumentsList } from './Documents';
export { GenerateButton } from './GenerateButton';
export { type GenerateOptions, useGenerate } from './useGenerate';
