// Files in an S3-compatible bucket (AWS S3, MinIO, Ceph...) through the AWS SDK v3: uploads streamed
// from the scratch file (multipart past 8 MB, @aws-sdk/lib-storage), reads streamed from the bucket.
// The SDK is loaded only when a bucket is configured.
import { createReadStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Readable } from 'node:stream';
import type { S3Config } from '../config.js';
import { checkKey, type FileStore, type StoredObject } from './file-store.js';
import { openScratch } from './scratch.js';

const PART_BYTES = 8 * 1024 * 1024;
/** DeleteObjects takes at most this many keys a call. */
const DELETE_BATCH = 1000;

const notFound = (error: unknown) => {
  const { name, $metadata } = error as { name?: string; $metadata?: { httpStatusCode?: number } };
  return name === 'NoSuchKey' || name === 'NotFound' || $metadata?.httpStatusCode === 404;
};

export async function openS3Store(config: S3Config, dataDir: string): Promise<FileStore> {
  const s3 = await import('@aws-sdk/client-s3');
  const { Upload } = await import('@aws-sdk/lib-storage');
  const client = new s3.S3Client({
    region: config.region,
    endpoint: config.endpoint,
    forcePathStyle: config.forcePathStyle,
    credentials: config.credentials,
    // Checksums only where S3 requires them: many S3-compatible services refuse the SDK's default
    // CRC32 trailers on every upload.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
  });
  const { bucket, prefix } = config;
  const objectKey = (key: string) => `${prefix}${checkKey(key)}`;
  // With the in-memory database (tests) scratch is a temporary folder of this store's own.
  const temporary = dataDir === 'memory';
  const folder = temporary ? await mkdtemp(join(tmpdir(), 'karbontrack-scratch-')) : join(dataDir, 'tmp');
  const scratch = await openScratch(folder, { clean: !temporary });

  async function write(key: string, body: Readable, contentType?: string) {
    const upload = new Upload({
      client,
      params: { Bucket: bucket, Key: objectKey(key), Body: body, ContentType: contentType },
      partSize: PART_BYTES,
      queueSize: 2,
      // A failed multipart upload is aborted, so no parts are left behind to pay for.
      leavePartsOnError: false,
    });
    await upload.done();
  }

  return {
    kind: 's3',
    location: `s3://${bucket}/${prefix}`,
    scratch,
    putFile: (key, path, contentType) => write(key, createReadStream(path), contentType),
    write,
    async read(key) {
      try {
        const answer = await client.send(new s3.GetObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return (answer.Body as Readable | undefined) ?? null;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async size(key) {
      try {
        const answer = await client.send(new s3.HeadObjectCommand({ Bucket: bucket, Key: objectKey(key) }));
        return answer.ContentLength ?? 0;
      } catch (error) {
        if (notFound(error)) return null;
        throw error;
      }
    },
    async remove(keys) {
      for (let start = 0; start < keys.length; start += DELETE_BATCH) {
        const batch = keys.slice(start, start + DELETE_BATCH).map((key) => ({ Key: objectKey(key) }));
        const answer = await client.send(
          new s3.DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: batch, Quiet: true } }),
        );
        const failed = (answer.Errors ?? []).filter((error) => error.Code !== 'NoSuchKey');
        if (failed.length > 0)
          throw new Error(`Removing ${failed[0]?.Key} from the bucket failed: ${failed[0]?.Message}`);
      }
    },
    async *list(folder = '') {
      const under = folder ? `${objectKey(folder.replace(/\/+$/, ''))}/` : prefix;
      const pages = s3.paginateListObjectsV2({ client }, { Bucket: bucket, Prefix: under });
      for await (const page of pages)
        for (const item of page.Contents ?? [])
          if (item.Key) yield { key: item.Key.slice(prefix.length), size: item.Size ?? 0 } as StoredObject;
    },
    async close() {
      client.destroy();
      if (temporary) await rm(folder, { recursive: true, force: true });
    },
  };
}
