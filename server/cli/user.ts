// `npm run user -- create <username> [--admin] ...`: makes a user from the command line, on the
// embedded database (DATA_DIR) or on PostgreSQL (DATABASE_URL), creating and migrating it if needed.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../config.js';
import { openDatabase } from '../db/database.js';
import { DatabaseBusyError } from '../db/lock.js';
import { runMigrations } from '../db/migrate.js';
import { ValidationError } from '../http/errors.js';
import { usersService } from '../users/users.service.js';
import { readSecret } from './prompt.js';

const USAGE = `Usage: npm run user -- create <username> [options]

Creates a user in the database named by DATABASE_URL, or else in the embedded
database under DATA_DIR (default ./data), which is created if it does not exist.

Options:
  --admin             an administrator (default: staff)
  --first-name <X>    first name
  --last-name <Y>     last name
  --email <E>         e-mail address
  -h, --help          this text

The password is read from NEW_USER_PASSWORD when it is set; otherwise it is asked
for twice in the terminal, without echo.

Exit codes: 0 created, 1 refused (the reasons are printed), 2 the embedded
database is in use by a running server.`;

/** A failure with a message for the user and an exit code; no stack trace. */
class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

function parse(argv: string[]) {
  try {
    return parseArgs({
      args: argv,
      allowPositionals: true,
      options: {
        admin: { type: 'boolean', default: false },
        'first-name': { type: 'string' },
        'last-name': { type: 'string' },
        email: { type: 'string' },
        help: { type: 'boolean', short: 'h', default: false },
      },
    });
  } catch (error) {
    throw new CliError(`${(error as Error).message}\n\n${USAGE}`);
  }
}

/** The password from NEW_USER_PASSWORD, or a function asking for it in the terminal; fails when neither can be. */
function passwordSource(): () => Promise<string> {
  const fromEnv = process.env.NEW_USER_PASSWORD;
  if (fromEnv !== undefined && fromEnv !== '') return async () => fromEnv;
  if (!process.stdin.isTTY)
    throw new CliError(
      'No password: set NEW_USER_PASSWORD, or run this command in a terminal to be asked for it.',
    );
  return async () => {
    const first = await readSecret('Password: ');
    const second = await readSecret('Password (again): ');
    if (first !== second) throw new CliError('The two passwords differ; nothing was created.');
    return first;
  };
}

async function createUser(values: ReturnType<typeof parse>['values'], username: string) {
  const config = loadConfig();
  const password = passwordSource();
  // Opened before asking, so a database in use is said at once, not after the password is typed.
  const database = await openDatabase({
    databaseUrl: config.databaseUrl,
    dataDir: config.dataDir,
    // Two: migrating holds one connection for its lock and runs the SQL on another.
    poolSize: 2,
    timeouts: config.databaseTimeouts,
  });
  try {
    let migrated = 0;
    await runMigrations(database, () => {
      migrated++;
    });
    if (migrated > 0) {
      const where = config.databaseUrl ? 'PostgreSQL database' : `database in ${resolve(config.dataDir)}`;
      console.log(`Prepared the ${where} (${migrated} migration(s) applied).`);
    }
    const role = values.admin ? 'admin' : 'staff';
    await usersService(database).create({
      username,
      password: await password(),
      role,
      first_name: values['first-name'],
      last_name: values['last-name'],
      email: values.email,
    });
    console.log(`User ${username.trim()} created (${role}).`);
  } finally {
    await database.close();
  }
}

function asCliError(error: unknown): CliError {
  if (error instanceof CliError) return error;
  if (error instanceof DatabaseBusyError) return new CliError(error.message, 2);
  if (error instanceof ConfigError) return new CliError(error.message);
  if (error instanceof ValidationError) {
    const lines = Object.entries(error.fields).flatMap(([field, messages]) =>
      messages.map((message) => `  ${field === 'non_field_errors' ? '' : `${field}: `}${message}`),
    );
    return new CliError(`The user was not created:\n${lines.join('\n')}`);
  }
  return new CliError(`The user was not created: ${error instanceof Error ? error.message : String(error)}`);
}

async function main(argv: string[]) {
  const { values, positionals } = parse(argv);
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const [command, username, ...extra] = positionals;
  if (command !== 'create' || !username || extra.length > 0)
    throw new CliError(`${command && command !== 'create' ? `Unknown command: ${command}\n\n` : ''}${USAGE}`);
  await createUser(values, username);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  const failure = asCliError(error);
  console.error(failure.message);
  process.exitCode = failure.exitCode;
});
