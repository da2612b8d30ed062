// Migrations renamed after databases recorded them (schema_migrations, backups' manifests): three once
// shared the prefix 0006 and applied in an order only the characters after it decided. The one place old
// names map to new: the migrator renames what a database recorded before it looks for pending ones, and a
// backup made before the rename is read with its names mapped. Never rename a migration without a line here.
export const RENAMED_MIGRATIONS: Readonly<Record<string, string>> = {
  '0006_attachments_cascade.sql': '0007_attachments_cascade.sql',
  '0006_attachments_prompter.sql': '0008_attachments_prompter.sql',
};

/** A migration's name today, for a name a database or a backup recorded. */
export const currentMigrationName = (name: string): string => RENAMED_MIGRATIONS[name] ?? name;
