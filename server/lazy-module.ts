// Heavy libraries (pdfkit, sharp, ExcelJS, nodemailer) load on first use, so a server that never
// makes a report or sends a mail does not carry them (~33 MB at an import's peak).

/**
 * `load` run once, on the first call: every caller, the concurrent first ones too, shares the one
 * promise. A failed load is forgotten, so the next caller tries again rather than failing forever.
 */
export function onFirstUse<T>(load: () => Promise<T>): () => Promise<T> {
  let pending: Promise<T> | undefined;
  return () => {
    pending ??= load().catch((error: unknown) => {
      pending = undefined;
      throw error;
    });
    return pending;
  };
}
