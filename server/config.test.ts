// README's configuration table names every variable the server reads, and only those.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, ENV_VARIABLES, loadConfig } from './config.js';

describe('the configuration', () => {
  it('is documented in the README table, one row per variable', () => {
    const readme = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');
    const section = readme.slice(readme.indexOf('## Configuration'));
    const table = section.slice(0, section.indexOf('\n\n', section.indexOf('| Variable')));
    const documented = [...table.matchAll(/^\| `([A-Z0-9_]+)`/gm)].map((match) => match[1]);
    expect([...documented].sort()).toEqual([...ENV_VARIABLES].sort());
  });
});

describe('scheduled backups settings', () => {
  it('are off without BACKUP_DIR, default to daily keeping 7, and name what is wrong', () => {
    expect(loadConfig({}).backup).toBeUndefined();
    expect(loadConfig({ BACKUP_DIR: '/var/backups/kt' }).backup).toEqual({
      dir: '/var/backups/kt',
      everyHours: 24,
      keep: 7,
    });
    expect(loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: '6', BACKUP_KEEP: '3' }).backup).toEqual({
      dir: '/b',
      everyHours: 6,
      keep: 3,
    });
    expect(() => loadConfig({ BACKUP_KEEP: '3' })).toThrow(/BACKUP_KEEP: scheduled backups need BACKUP_DIR/);
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_KEEP: '0' })).toThrow(ConfigError);
    expect(() => loadConfig({ BACKUP_DIR: '/b', BACKUP_EVERY_HOURS: 'daily' })).toThrow(/BACKUP_EVERY_HOURS/);
  });
});
