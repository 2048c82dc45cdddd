import { defineConfig } from 'drizzle-kit';

// The identity service's own migrations: its tables only, applied by runIdentityMigrations.
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema.ts',
  out: './migrations',
});
