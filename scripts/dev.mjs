// `npm run dev`: the API (tsx watch, restarts on change) and Vite's dev server (hot reload, proxying the API)
// side by side; Ctrl-C stops both.
import { spawn } from 'node:child_process';

const children = [
  spawn('node_modules/.bin/tsx', ['watch', '--clear-screen=false', 'packages/server/src/main.ts'], {
    stdio: 'inherit',
  }),
  spawn('node_modules/.bin/vite', ['--config', 'packages/web/vite.config.ts'], {
    stdio: 'inherit',
    cwd: process.cwd(),
  }),
];
const stop = () => {
  for (const child of children) child.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', (code) => {
    if (code) {
      stop();
      process.exitCode = code;
    }
  });
