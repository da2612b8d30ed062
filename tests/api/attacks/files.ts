// Hostile files for the upload tests, made in memory: polyglots, a lying ZIP, raw multipart bodies
// (fetch's FormData would escape the file names an attacker sends as they are).
import { randomBytes } from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { ZipArchive } from 'archiver';

export const HTML = '<html><body><script>alert(document.cookie)</script></body></html>';

/** A JPEG that is also an HTML page: the markup in a comment segment and after the image's end. */
export function jpegHtmlPolyglot(jpeg: Buffer): Buffer {
  const comment = Buffer.from(HTML);
  const segment = Buffer.alloc(4);
  segment.writeUInt16BE(0xfffe, 0);
  segment.writeUInt16BE(comment.length + 2, 2);
  return Buffer.concat([jpeg.subarray(0, 2), segment, comment, jpeg.subarray(2), Buffer.from(HTML)]);
}

/** A ZIP of the given entries (name -> bytes or a stream of repeated chunks). */
export async function zipOf(entries: Record<string, Buffer | { repeat: Buffer; times: number }>) {
  const archive = new ZipArchive({ zlib: { level: 9 } });
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise((resolve) => out.once('end', resolve));
  archive.pipe(out);
  for (const [name, content] of Object.entries(entries)) {
    const data = Buffer.isBuffer(content)
      ? content
      : Readable.from(
          (function* () {
            for (let i = 0; i < content.times; i++) yield content.repeat;
          })(),
        );
    archive.append(data, { name });
  }
  await archive.finalize();
  await ended;
  return Buffer.concat(chunks);
}

/** The ZIP with every central-directory entry claiming `size` bytes unpacked (a lying header). */
export function lyingSizes(zip: Buffer, size: number): Buffer {
  const copy = Buffer.from(zip);
  for (let at = 0; at < copy.length - 4; at++)
    if (copy.readUInt32LE(at) === 0x02014b50) copy.writeUInt32LE(size, at + 24);
  return copy;
}

/**
 * A multipart body sending `filename` exactly (as filename*=UTF-8'' and a raw filename=), with
 * optional text fields; answers the body and its content type.
 */
export function rawMultipart(filename: string, bytes: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----attack${randomBytes(8).toString('hex')}`;
  const parts: Buffer[] = [];
  for (const [key, value] of Object.entries(fields))
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`),
    );
  const raw = filename.replace(/["\r\n]/g, '_');
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${raw}"; ` +
        `filename*=UTF-8''${encodeURIComponent(filename)}\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { body: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}
