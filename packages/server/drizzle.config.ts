import { defineConfig } from 'drizzle-kit';

// drizzle-kit only diffs the schema into SQL files; migrations are applied by the app (src/db/migrate.ts).
export default defineConfig({
  dialect: 'postgresql',
  schema: './src/db/schema/index.ts',
  out: './migrations',
});
