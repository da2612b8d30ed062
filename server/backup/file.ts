// A backup written to a file: into `<file>.partial` first, renamed when whole, so a file of that name
// is always a complete archive (a stop midway leaves only the .partial, removed).
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { type BackupSource, writeBackup } from './write.js';

export async function backupToFile(source: BackupSource, file: string) {
  const target = resolve(file);
  const partial = `${target}.partial`;
  await mkdir(dirname(target), { recursive: true });
  try {
    const manifest = await writeBackup(source, createWriteStream(partial, { mode: 0o600 }));
    await rename(partial, target);
    return { manifest, file: target, bytes: (await stat(target)).size };
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
