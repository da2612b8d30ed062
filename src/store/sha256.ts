// SHA-256 of a file kept on the device, as lowercase hex. crypto.subtle exists only in a secure context
// (HTTPS, or localhost): a tablet opening the app at http://<server>:8080 has no crypto.subtle at all, and
// taking a photo there threw before anything was kept. There the hash is computed in JavaScript
// (@noble/hashes, audited, no dependencies), a chunk at a time so a large file does not hold the page.
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex } from '@noble/hashes/utils.js';

const CHUNK = 4 * 1024 * 1024;

export async function sha256Hex(blob: Blob): Promise<string> {
  const subtle = globalThis.crypto?.subtle;
  if (subtle) return bytesToHex(new Uint8Array(await subtle.digest('SHA-256', await blob.arrayBuffer())));
  const hash = sha256.create();
  for (let start = 0; start < blob.size; start += CHUNK)
    hash.update(new Uint8Array(await blob.slice(start, start + CHUNK).arrayBuffer()));
  return bytesToHex(hash.digest());
}
