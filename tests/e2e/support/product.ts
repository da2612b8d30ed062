import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { freePort } from '../../fixtures/ports';
import { E2E_DIST, ROOT } from './paths';

export interface StartedProduct {
  url: string;
  output: () => string;
  stop(): Promise<void>;
}

/**
 * Starts the product the way `npm start` does, by its script `node server/launch.mjs` (the server's
 * bundle, rebuilt first when a source changed; npm's own process left out), on a free port over a
 * fresh data folder.
 */
export async function startProduct(): Promise<StartedProduct> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'kt-e2e-'));
  const child: ChildProcess = spawn(process.execPath, ['server/launch.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STATIC_DIR: E2E_DIST,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 90_000;
  while (!output.includes(url)) {
    if (child.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`the product did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return { url, output: () => output, stop };
}
