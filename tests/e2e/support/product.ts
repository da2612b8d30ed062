import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct as npmStart } from '../../api/foundation/product-process';
import { E2E_DIST } from './paths';

export interface StartedProduct {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/** `npm start`, as a user runs it, on a free port over a fresh data folder, serving the e2e build. */
export async function startProduct(): Promise<StartedProduct> {
  const dataDir = mkdtempSync(join(tmpdir(), 'kt-e2e-'));
  try {
    const product = await npmStart({ DATA_DIR: dataDir, STATIC_DIR: E2E_DIST });
    return {
      url: product.url,
      output: product.output,
      async stop() {
        if (product.child.exitCode === null) await product.signal('SIGTERM');
        rmSync(dataDir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
}
