// The log server (log-server.ts) in its own process: what it writes to stdout and stderr is collected
// as an operator's log collector would, until stop().
import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

export interface LogProcess {
  url: string;
  /** Everything written so far. */
  log(): string;
  /** SIGTERM, and the whole log once the process is gone. */
  stop(): Promise<string>;
}

export async function startLogServer(): Promise<LogProcess> {
  const entry = fileURLToPath(new URL('./log-server.ts', import.meta.url));
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', entry], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const url = await new Promise<string>((resolve, reject) => {
    child.stdout?.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      const line = log.split('\n').find((text) => text.startsWith('{"url"'));
      if (line) resolve((JSON.parse(line) as { url: string }).url);
    });
    child.once('exit', (code) => reject(new Error(`the log server exited with ${code}: ${log}`)));
  });
  return {
    url,
    log: () => log,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      return log;
    },
  };
}
