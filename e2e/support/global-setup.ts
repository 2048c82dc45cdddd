import fs from 'node:fs';
import path from 'node:path';
import { builtApp } from './server.ts';

/** Fails the run at once, before any worker starts a server, when the app has not been built. */
export default function globalSetup() {
  const { webDist, serverMain } = builtApp();
  if (!fs.existsSync(path.join(webDist, 'index.html'))) throw new Error('Build the web first: npm run build');
  if (!fs.existsSync(serverMain)) throw new Error('Build the server first: npm run build');
}
