// `npm run worker`'s entry: the shutdown handling comes first and alone, as in main.ts, so a SIGTERM while the worker's
// modules load or while it migrates, opens the queue or registers its handlers ends it with 0 (ADR 018).
import './lifecycle.ts';

console.warn('Starting the Touchline job worker…');

await import('./worker-main.ts');
