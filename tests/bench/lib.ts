// Shared shape of every benchmark suite: `npm run bench` runs each suite and prints one table.
export interface BenchRow {
  suite: string;
  name: string;
  /** The measured figure. */
  value: number;
  unit: string;
  /** What the issue asks for, in words (e.g. '>= 800 req/s'), when it names a goal. */
  goal?: string;
  /** Whether the goal holds; undefined when there is no goal. */
  ok?: boolean;
  note?: string;
}

export interface BenchContext {
  /** Engines to measure on: always 'pglite', plus 'postgres' when DATABASE_URL is set. */
  engines: Array<'pglite' | 'postgres'>;
  databaseUrl?: string;
  log(message: string): void;
}

export interface BenchSuite {
  name: string;
  /**
   * The suite runs the server in the bench's own process. With two engines, each then runs in a
   * process of its own, as each server does in production: what one engine's server set up in the
   * process (PGlite's memory-first V8 flags, the code V8 compiled under them) never colours the
   * other's figures.
   */
  serverInProcess?: boolean;
  run(ctx: BenchContext): Promise<BenchRow[]>;
}
