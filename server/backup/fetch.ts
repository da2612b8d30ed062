// The CLI's side of POST /api/backup/: the running server's archive, streamed into `<file>.partial`
// and renamed when whole. The server is this machine's (its address from DATA_DIR/backup-access.json);
// its certificate, maybe self-signed or for another name, is not checked: the token proves the server.
import { createWriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import http from 'node:http';
import https from 'node:https';
import { resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BackupError } from './manifest.js';

export async function fetchBackup(access: { url: string; token: string }, file: string): Promise<void> {
  const target = resolve(file);
  const partial = `${target}.partial`;
  const url = new URL('/api/backup/', access.url);
  const client = url.protocol === 'https:' ? https : http;
  try {
    await new Promise<void>((done, fail) => {
      const request = client.request(
        url,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${access.token}` },
          rejectUnauthorized: false,
        },
        (response) => {
          if (response.statusCode !== 200) {
            response.resume();
            fail(new BackupError(`The running server refused the backup (HTTP ${response.statusCode}).`));
            return;
          }
          pipeline(response, createWriteStream(partial, { mode: 0o600 })).then(done, fail);
        },
      );
      request.on('error', (error) =>
        fail(new BackupError(`The running server at ${access.url} could not be reached: ${error.message}`)),
      );
      request.end();
    });
    await rename(partial, target);
  } catch (error) {
    await rm(partial, { force: true });
    throw error;
  }
}
