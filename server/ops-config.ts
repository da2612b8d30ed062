// The settings of running it for real: HTTPS served by the server itself, scheduled backups.
// Part of the environment config.ts reads (its schema spreads opsEnv).
import { z } from 'zod';

const blankless = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

export const opsEnv = {
  TLS_CERT_FILE: blankless(z.string()),
  TLS_KEY_FILE: blankless(z.string()),
  HTTP_REDIRECT_PORT: blankless(z.coerce.number().int().min(1).max(65535)),
  BACKUP_DIR: blankless(z.string()),
  BACKUP_EVERY_HOURS: blankless(
    z.coerce
      .number()
      .positive()
      .max(24 * 366),
  ),
  BACKUP_KEEP: blankless(z.coerce.number().int().min(1)),
  POSTGRES_BIN_DIR: blankless(z.string()),
};

type OpsEnv = z.infer<z.ZodObject<typeof opsEnv>>;

export interface TlsFiles {
  /** PEM: the certificate, then any intermediate ones (a full chain, as certbot's fullchain.pem). */
  certFile: string;
  keyFile: string;
}

export interface OpsConfig {
  /** Both set: the server speaks HTTPS (HTTP/2, HTTP/1.1 for clients without it) itself. */
  tls?: TlsFiles;
  /** With TLS: a plain-HTTP port that only redirects to the HTTPS address. */
  httpRedirectPort?: number;
  /** Scheduled backups: an archive into `dir` every `everyHours`, the newest `keep` kept. */
  backup?: BackupSchedule;
  /** Where pg_dump, pg_restore and psql are (unset: Debian's folders, then PATH). */
  postgresBinDir?: string;
}

export interface BackupSchedule {
  dir: string;
  everyHours: number;
  keep: number;
}

/** The settings, or what is wrong with them (each problem names its variable). */
export function opsConfig(e: OpsEnv & { PORT: number }): { config: OpsConfig; problems: string[] } {
  const problems: string[] = [];
  if (Boolean(e.TLS_CERT_FILE) !== Boolean(e.TLS_KEY_FILE))
    problems.push(
      `  ${e.TLS_CERT_FILE ? 'TLS_KEY_FILE' : 'TLS_CERT_FILE'}: set TLS_CERT_FILE and TLS_KEY_FILE together`,
    );
  const tls =
    e.TLS_CERT_FILE && e.TLS_KEY_FILE ? { certFile: e.TLS_CERT_FILE, keyFile: e.TLS_KEY_FILE } : undefined;
  if (e.HTTP_REDIRECT_PORT !== undefined && !tls)
    problems.push('  HTTP_REDIRECT_PORT: redirects to HTTPS, so it needs TLS_CERT_FILE and TLS_KEY_FILE');
  if (e.HTTP_REDIRECT_PORT !== undefined && e.HTTP_REDIRECT_PORT === e.PORT)
    problems.push('  HTTP_REDIRECT_PORT: must differ from PORT');
  if (!e.BACKUP_DIR && (e.BACKUP_EVERY_HOURS !== undefined || e.BACKUP_KEEP !== undefined))
    problems.push(
      `  ${e.BACKUP_EVERY_HOURS !== undefined ? 'BACKUP_EVERY_HOURS' : 'BACKUP_KEEP'}: scheduled backups need BACKUP_DIR`,
    );
  return {
    config: {
      tls,
      httpRedirectPort: e.HTTP_REDIRECT_PORT,
      backup: e.BACKUP_DIR
        ? { dir: e.BACKUP_DIR, everyHours: e.BACKUP_EVERY_HOURS ?? 24, keep: e.BACKUP_KEEP ?? 7 }
        : undefined,
      postgresBinDir: e.POSTGRES_BIN_DIR,
    },
    problems,
  };
}
