// A piece of the app's code that could not be loaded (import() of a chunk, or its stylesheet): offline
// before the service worker has cached it, or a newer version deployed meanwhile (the old files are gone).
// Each browser words it its own way; Vite's preload of a chunk's styles says 'Unable to preload CSS'.
const LOAD_FAILURE =
  /dynamically imported module|Importing a module script failed|error loading dynamically imported module|Unable to preload CSS|module script/i;

export function isLoadFailure(error: unknown): boolean {
  return error instanceof Error && LOAD_FAILURE.test(error.message);
}
