import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/** What the runner needs of a connection: one transaction, plain SQL in it. */
export interface MigrationClient {
  transaction<T>(
    fn: (tx: {
      query(text: string): Promise<void>;
      rows(text: string): Promise<Record<string, unknown>[]>;
    }) => Promise<T>,
  ): Promise<T>;
}

interface Journal {
  entries: { idx: number; tag: string }[];
}

// Any fixed number: it names the lock every instance takes before migrating.
const MIGRATION_LOCK = 4_207_270;

/** Where drizzle-kit wrote the SQL. The server build copies the folder next to its bundle. */
function migrationsFolder(): URL {
  return new URL('./migrations/', import.meta.url);
}

/**
 * Applies every migration not yet applied, in one transaction under an advisory lock, so
 * several instances starting at once against one PostgreSQL migrate exactly once.
 */
export async function runMigrations(client: MigrationClient): Promise<string[]> {
  const folder = migrationsFolder();
  const journal = JSON.parse(
    readFileSync(fileURLToPath(new URL('meta/_journal.json', folder)), 'utf8'),
  ) as Journal;
  return client.transaction(async (tx) => {
    await tx.query(`SELECT pg_advisory_xact_lock(${MIGRATION_LOCK})`);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS repolog_migrations (tag text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const applied = new Set(
      (await tx.rows('SELECT tag FROM repolog_migrations')).map((row) => String(row.tag)),
    );
    const done: string[] = [];
    for (const entry of [...journal.entries].sort((a, b) => a.idx - b.idx)) {
      if (applied.has(entry.tag)) continue;
      const sqlText = readFileSync(fileURLToPath(new URL(`${entry.tag}.sql`, folder)), 'utf8');
      for (const statement of sqlText.split('--> statement-breakpoint')) {
        if (statement.trim()) await tx.query(statement);
      }
      await tx.query(
        `INSERT INTO repolog_migrations (tag) VALUES ('${entry.tag.replace(/'/g, "''")}')`,
      );
      done.push(entry.tag);
    }
    return done;
  });
}
