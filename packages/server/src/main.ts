// The server's entry (`npm start`, the image's CMD). The shutdown handling comes first and alone: loading the
// server's modules takes seconds, and a SIGTERM meanwhile must end the process with 0 as at any later step (ADR 018).
import './lifecycle.ts';

console.warn('Starting Touchline…');

await import('./server-main.ts');
