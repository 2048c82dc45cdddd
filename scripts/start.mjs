// `npm start`: runs the compiled server with plain `node`, no TypeScript loader (ADR 023). Outside production it
// builds first, so `npm ci && npm start` works on a fresh clone; with NODE_ENV=production it only runs what
// `npm run build` made (a container image builds once, in its build stage).
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const main = new URL('../packages/server/dist/main.js', import.meta.url);
if (process.env.NODE_ENV !== 'production') {
  const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
} else if (!existsSync(main)) {
  console.error('No compiled server in packages/server/dist: run `npm run build` first.');
  process.exit(1);
}
// The server runs in this process, so signals (SIGTERM from a supervisor) reach it directly.
await import(main.href);
