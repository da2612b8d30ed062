// The file work beside the sync engine: the uploader of photos and documents and the queue of packing-list
// imports chosen offline. Its own chunk, which ../companions.ts loads once the first screen has settled: a
// first visit has no file to send, and the first screen does not wait for this code.
import type { LocalDb } from '../../store/db';
import { startImportQueue } from './imports';
import type { UploadTarget } from './upload';
import { FileUploader } from './uploader';

export interface FileWork {
  uploader: FileUploader;
  stop(): Promise<void>;
}

export function startFileWork(
  db: LocalDb,
  userId: string,
  target: UploadTarget,
  canRun: () => boolean,
  onUnauthorized?: () => void,
): FileWork {
  const uploader = new FileUploader({ db, target, canRun, onUnauthorized });
  uploader.start();
  const stopImports = startImportQueue(userId);
  return {
    uploader,
    async stop() {
      stopImports();
      await uploader.stop();
    },
  };
}
