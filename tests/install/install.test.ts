// A clean install, as a deployment pipeline on a fresh machine runs it: npm ci over the committed
// package.json and lock file, every locked package supporting the Node version the README states,
// and `npm test` stopping at once (or installing Chromium as root) when the browser is missing.
import { execFile } from 'node:child_process';
import { chmod, copyFile, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CHROMIUM_SCRIPT = join(ROOT, '.ci', 'chromium');
const folders: string[] = [];

async function folder(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'kt-install-'));
  folders.push(dir);
  return dir;
}

afterAll(async () => {
  for (const dir of folders) await rm(dir, { recursive: true, force: true });
});

function run(command: string, args: string[], options: { cwd?: string; env?: NodeJS.ProcessEnv } = {}) {
  return new Promise<{ code: number; stdout: string; stderr: string; ms: number }>((done) => {
    const started = Date.now();
    execFile(command, args, { ...options, maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      done({ code, stdout, stderr, ms: Date.now() - started });
    });
  });
}

interface Lock {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>;
}

describe('npm ci on a fresh clone', () => {
  it('accepts the committed lock file, with no package refusing this Node (EBADENGINE)', async () => {
    // What a fresh clone gives npm ci: the manifest and the lock file, no node_modules. --dry-run checks
    // the lock file against package.json and every package's engines as a real run does, in a second.
    const dir = await folder();
    for (const file of ['package.json', 'package-lock.json'])
      await copyFile(join(ROOT, file), join(dir, file));
    // At npm's own log level: run under `npm run -s` the suite hands npm_config_loglevel=silent down, and
    // the summary this test reads would never be printed.
    const result = await run('npm', ['ci', '--dry-run', '--no-audit', '--no-fund', '--loglevel=notice'], {
      cwd: dir,
    });
    const output = result.stdout + result.stderr;
    expect(output).not.toMatch(/EBADENGINE|npm error/);
    expect(result.code).toBe(0);
    expect(output).toMatch(/added \d+ packages/);
  });

  it('locks only packages that support the oldest Node the README and engines state', async () => {
    const manifest = JSON.parse(await readFile(join(ROOT, 'package.json'), 'utf8')) as {
      engines: { node: string };
    };
    const oldest = semver.minVersion(manifest.engines.node);
    expect(oldest?.version).toBe('20.19.0');
    const readme = await readFile(join(ROOT, 'README.md'), 'utf8');
    expect(readme).toContain(
      `Node.js ${semver.major(oldest ?? '0.0.0')}.${semver.minor(oldest ?? '0.0.0')} or later`,
    );
    const lock = JSON.parse(await readFile(join(ROOT, 'package-lock.json'), 'utf8')) as Lock;
    const refusing = Object.entries(lock.packages)
      .filter(([, entry]) => {
        const range = Array.isArray(entry.engines) ? undefined : entry.engines?.node;
        return range !== undefined && !semver.satisfies(oldest ?? '', range);
      })
      .map(([path, entry]) => `${path}@${entry.version}`);
    expect(refusing).toEqual([]);
  });
});

describe('Chromium for the browser tests (.ci/chromium, run first by npm test)', () => {
  it('says nothing and goes on when Chromium is there', async () => {
    const dir = await folder();
    const browser = join(dir, 'chromium');
    await writeFile(browser, '#!/bin/sh\n');
    await chmod(browser, 0o755);
    const result = await run('bash', [CHROMIUM_SCRIPT], { env: { ...process.env, CHROMIUM_PATH: browser } });
    expect(result).toMatchObject({ code: 0, stdout: '', stderr: '' });
  });

  it('without root, stops at once with the one command to run', async () => {
    const env = { PATH: process.env.PATH, CHROMIUM_PATH: '/nonexistent/chromium' };
    // As an ordinary user: this machine's tests run as root, so drop to nobody when we can.
    const root = process.getuid?.() === 0;
    const result = root
      ? await run('runuser', ['-u', 'nobody', '--', 'bash', CHROMIUM_SCRIPT], { env })
      : await run('bash', [CHROMIUM_SCRIPT], { env });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain('sudo apt-get update && sudo apt-get install -y chromium');
    expect(result.ms).toBeLessThan(5_000);
  });

  it.runIf(process.getuid?.() === 0)('as root, installs the Debian package chromium', async () => {
    // apt-get itself is the one thing stood in for (no package mirror here): it records its calls and
    // "installs" Chromium where the script expects it.
    const dir = await folder();
    const browser = join(dir, 'chromium');
    const calls = join(dir, 'calls');
    await writeFile(
      join(dir, 'apt-get'),
      `#!/bin/sh\necho "apt-get $* [$DEBIAN_FRONTEND]" >> ${calls}\nif [ "$1" = install ]; then printf '#!/bin/sh\\n' > ${browser}; chmod +x ${browser}; fi\n`,
    );
    await chmod(join(dir, 'apt-get'), 0o755);
    const env = { PATH: `${dir}:${process.env.PATH}`, CHROMIUM_PATH: browser };
    const result = await run('bash', [CHROMIUM_SCRIPT], { env });
    expect(result.code).toBe(0);
    expect((await readFile(calls, 'utf8')).trim().split('\n')).toEqual([
      'apt-get update []',
      'apt-get install -y chromium [noninteractive]',
    ]);
    expect((await stat(browser)).mode & 0o111).not.toBe(0);
  });
});
