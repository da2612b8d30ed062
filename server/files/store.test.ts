// The file store's contract, on local disk and on a real S3-compatible server (s3rver over HTTP,
// through the AWS SDK): what is stored reads back byte for byte, lists, measures and goes.
import { createHash, randomBytes } from 'node:crypto';
import { readdir, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type S3Server, startS3Server } from '../../tests/fixtures/s3-server.js';
import { loadConfig, type StorageConfig } from '../config.js';
import { testStorage } from '../testing.js';
import { checkKey, discard, type FileStore, fileKey, openFileStore, thumbnailKey } from './store.js';

let s3: S3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.close();
});

const sha = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');
const kinds: [string, () => StorageConfig][] = [
  ['disk', () => ({ kind: 'disk' })],
  ['S3', () => testStorage(s3.storageUrl)],
];

describe.each(kinds)('the file store on %s', (_kind, storage) => {
  let store: FileStore;
  beforeAll(async () => {
    store = await openFileStore({ dataDir: 'memory', storage: storage() });
  });
  afterAll(async () => {
    await store?.close();
  });

  it('stores a scratch file and a stream (multipart past 8 MB), reads, sizes, lists and removes them', async () => {
    const id = '0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b';
    const small = randomBytes(1000);
    const scratchFile = store.scratch.tempPath();
    await writeFile(scratchFile, small);
    await store.putFile(fileKey(id), scratchFile, 'application/pdf');
    await discard(scratchFile);
    const large = randomBytes(9 * 1024 * 1024 + 17);
    // In uneven chunks, as a request body arrives.
    await store.write(thumbnailKey(id), Readable.from([large.subarray(0, 3), large.subarray(3)]));

    const back = await store.read(fileKey(id));
    expect(back && sha(await buffer(back))).toBe(sha(small));
    const backLarge = await store.read(thumbnailKey(id));
    expect(backLarge && sha(await buffer(backLarge))).toBe(sha(large));
    expect(await store.size(fileKey(id))).toBe(small.length);
    expect(await store.size(thumbnailKey(id))).toBe(large.length);

    const listed = [];
    for await (const item of store.list()) listed.push(item);
    expect(listed.sort((a, b) => a.key.localeCompare(b.key))).toEqual([
      { key: `5b/${id}`, size: small.length },
      { key: `5b/${id}.thumb.webp`, size: large.length },
    ]);
    const inFolder = [];
    for await (const item of store.list('5b')) inFolder.push(item.key);
    expect(inFolder).toHaveLength(2);
    const elsewhere = [];
    for await (const item of store.list('00/')) elsewhere.push(item.key);
    expect(elsewhere).toEqual([]);

    await store.remove([fileKey(id), thumbnailKey(id), fileKey('0193a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a00')]);
    expect(await store.read(fileKey(id))).toBeNull();
    expect(await store.size(thumbnailKey(id))).toBeNull();
    expect(await readdir(store.scratch.folder)).toEqual([]);
  });

  it('refuses keys that would leave the store', async () => {
    for (const key of ['../etc/passwd', '/abs', 'a/../../b', 'a//b', ''])
      expect(() => checkKey(key)).toThrow();
    await expect(store.read('../x')).rejects.toThrow();
  });
});

describe('storage configuration', () => {
  it('reads STORAGE_URL and the S3_* variables, and refuses what names no bucket', () => {
    expect(loadConfig({}).storage).toEqual({ kind: 'disk' });
    expect(
      loadConfig({ STORAGE_URL: 's3+https://AK:S%2Fk@minio.example:9000/files/karbontrack?region=eu-west-3' })
        .storage,
    ).toEqual({
      kind: 's3',
      bucket: 'files',
      prefix: 'karbontrack/',
      endpoint: 'https://minio.example:9000',
      region: 'eu-west-3',
      credentials: { accessKeyId: 'AK', secretAccessKey: 'S/k' },
      forcePathStyle: true,
    });
    expect(loadConfig({ STORAGE_URL: 's3://my-bucket', AWS_REGION: 'eu-south-2' }).storage).toMatchObject({
      bucket: 'my-bucket',
      prefix: '',
      endpoint: undefined,
      region: 'eu-south-2',
      credentials: undefined,
      forcePathStyle: false,
    });
    expect(
      loadConfig({
        S3_ENDPOINT: 'http://127.0.0.1:9000',
        S3_BUCKET: 'b',
        S3_PREFIX: 'p/q',
        S3_ACCESS_KEY_ID: 'a',
        S3_SECRET_ACCESS_KEY: 's',
        S3_FORCE_PATH_STYLE: '0',
      }).storage,
    ).toMatchObject({
      bucket: 'b',
      prefix: 'p/q/',
      endpoint: 'http://127.0.0.1:9000',
      forcePathStyle: false,
    });
    expect(() => loadConfig({ STORAGE_URL: 'ftp://x/y' })).toThrow(/STORAGE_URL/);
    expect(() => loadConfig({ STORAGE_URL: 's3+http://host:9000/' })).toThrow(/names no bucket/);
    expect(() => loadConfig({ S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'a' })).toThrow(/together/);
  });
});
