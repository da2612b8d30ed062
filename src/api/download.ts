import type { Options } from 'ky';
import { api } from './client';

/** The file name the server suggests: `x-suggested-filename`, else Content-Disposition, else a fallback. */
export function suggestedFilename(headers: Headers, fallback = 'download'): string {
  const suggested = headers.get('x-suggested-filename');
  if (suggested) return decodeURIComponentSafe(suggested);
  const disposition = headers.get('content-disposition') ?? '';
  const encoded = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (encoded) return decodeURIComponentSafe(encoded[1]);
  const plain = /filename="?([^";]+)"?/i.exec(disposition);
  return plain ? plain[1] : fallback;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Hands a Blob to the browser as a file download under the given name. */
export function saveBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = filename;
  link.rel = 'noopener';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/**
 * Downloads a file from the API (GET by default, POST with a JSON body for report generation) and saves it
 * under the name the server suggests. Failures throw ky's HTTPError; `describeApiError` decodes the binary
 * error body into the usual notice.
 */
export async function downloadFile(path: string, options: Options = {}): Promise<string> {
  const response = await api(path, { method: 'get', ...options });
  const filename = suggestedFilename(response.headers);
  saveBlob(await response.blob(), filename);
  return filename;
}
