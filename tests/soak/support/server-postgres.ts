// A PostgreSQL cluster of the test's own (initdb + pg_ctl from the Debian binaries), so a test can stop
// and restart it under load. As root, the cluster runs as the postgres system user (initdb refuses root).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { freePort } from '../../fixtures/ports';

const run = promisify(execFile);

/** The folder with initdb, pg_ctl and postgres: KT_PG_BIN (set by .ci/run), else the newest Debian one. */
function findPgBin(): string | undefined {
  const candidates = [process.env.KT_PG_BIN ?? ''];
  if (existsSync('/usr/lib/postgresql')) {
    const versions = readdirSync('/usr/lib/postgresql').sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  return candidates.find(
    (dir) => dir && ['initdb', 'pg_ctl', 'postgres'].every((cmd) => existsSync(join(dir, cmd))),
  );
}

/**
 * Why PostgreSQL tests cannot run here, or undefined when they can. In CI the caller fails instead of
 * skipping: .ci/run installs the binaries, so their absence there is a defect.
 */
export function postgresMissing(): string | undefined {
  if (findPgBin()) return undefined;
  return 'no PostgreSQL server binaries (initdb, pg_ctl, postgres): set KT_PG_BIN or install the Debian package postgresql';
}

export interface Cluster {
  /** postgres://postgres@127.0.0.1:PORT/postgres */
  url: string;
  start(): Promise<void>;
  /** Fast shutdown: open connections are ended, as an administrator's restart does. */
  stop(): Promise<void>;
  /** Stops and removes the cluster. */
  destroy(): Promise<void>;
}

export async function startCluster(): Promise<Cluster> {
  const bin = findPgBin();
  if (!bin) throw new Error(postgresMissing());
  const dir = mkdtempSync(join(tmpdir(), 'kt-soak-pg-'));
  const root = process.getuid?.() === 0;
  const asPg = (cmd: string, args: string[]) =>
    root ? run('runuser', ['-u', 'postgres', '--', join(bin, cmd), ...args]) : run(join(bin, cmd), args);
  if (root)
    chownSync(
      dir,
      Number((await run('id', ['-u', 'postgres'])).stdout),
      Number((await run('id', ['-g', 'postgres'])).stdout),
    );
  const data = join(dir, 'data');
  await asPg('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--encoding=UTF8', '--no-locale']);
  const port = await freePort();
  // Durability of the cluster's own files is of no use here: the tests stop PostgreSQL, never the machine.
  const settings = `-c listen_addresses=127.0.0.1 -p ${port} -k ${dir} -c fsync=off -c full_page_writes=off`;
  const start = async () => {
    await asPg('pg_ctl', [
      '-D',
      data,
      '-l',
      join(dir, 'server.log'),
      '-w',
      '-t',
      '60',
      '-o',
      settings,
      'start',
    ]);
  };
  const stop = async () => {
    await asPg('pg_ctl', ['-D', data, '-m', 'fast', '-w', '-t', '60', 'stop']);
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async destroy() {
      if (existsSync(join(data, 'postmaster.pid')))
        await asPg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']).catch(() => undefined);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
