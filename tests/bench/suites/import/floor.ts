// PGlite's memory floor, for the import bench: run as a child process with a data folder. With CREATE=1 it
// creates and migrates the database and exits; without, it reopens the database the server's way and
// prints {"node_mb", "open_mb"}: this process's resident memory before and after opening (a restarted
// server's embedded database, with no initdb garbage left). Nothing else of the server is loaded.
import { readFileSync } from 'node:fs';
import { openDatabase } from '../../../../server/db/database.js';
import { runMigrations } from '../../../../server/db/migrate.js';

const rssMb = () => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'))?.[1]) / 1024;

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: floor.ts <data dir>');
const before = rssMb();
const database = await openDatabase({ dataDir });
if (process.env.CREATE) await runMigrations(database);
else await database.ping();
const opened = rssMb();
await database.close();
process.stdout.write(`${JSON.stringify({ node_mb: before, open_mb: opened })}\n`);
