import { get } from 'node:http';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';

// The dashboard bench's HTTP side: the CSV download streamed over a real socket (timed, or sampled for memory) and
// a cheap request probed while a download runs, at full speed or against a slow reading client.

function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

/**
 * Streams the download over real HTTP, discarding it. With `sampleMemory`, every 100 ms and every 256th chunk it
 * collects garbage and reads the JavaScript memory still live (heap and buffers), so the growth reported is what the
 * download retains, not garbage not yet collected; that run is not timed (collections stop the world). RSS is
 * reported alongside.
 */
export async function downloadOnce(port: number, url: string, token: string, sampleMemory = false) {
  const gc = sampleMemory ? collector() : undefined;
  const live = () => {
    gc?.();
    const m = process.memoryUsage();
    return { js: m.heapUsed + m.external, rss: m.rss };
  };
  const before = live();
  let peak = { ...before };
  let low = Number.POSITIVE_INFINITY;
  let high = Number.NEGATIVE_INFINITY;
  let samples = 0;
  let lastSample = performance.now();
  let chunks = 0;
  const sample = (chunk = false) => {
    if (chunk) chunks++;
    if (!sampleMemory || (performance.now() - lastSample < 100 && !(chunk && chunks % 256 === 0))) return;
    const m = live();
    lastSample = performance.now();
    samples++;
    peak = { js: Math.max(peak.js, m.js), rss: Math.max(peak.rss, m.rss) };
    low = Math.min(low, m.js);
    high = Math.max(high, m.js);
  };
  // Sampled on a timer, and every 256th chunk received (the embedded database holds the event loop while it fetches).
  const timer = sampleMemory ? setInterval(sample, 100) : undefined;
  const started = performance.now();
  const bytes = await new Promise<number>((resolve, reject) => {
    get({ port, path: url, headers: { authorization: `Bearer ${token}` } }, (res) => {
      let n = 0;
      res.on('data', (chunk: Buffer) => {
        n += chunk.length;
        sample(true);
      });
      res.on('end', () =>
        res.statusCode === 200 ? resolve(n) : reject(new Error(`HTTP ${res.statusCode}`)),
      );
      res.on('error', reject);
    }).on('error', reject);
  });
  clearInterval(timer);
  const mb = (n: number) => n / 1024 / 1024;
  return {
    ms: performance.now() - started,
    bytes,
    samples,
    liveGrowthMb: mb(peak.js - before.js),
    liveSpreadMb: samples ? mb(high - low) : 0,
    rssGrowthMb: mb(peak.rss - before.rss),
  };
}

/**
 * A download over real HTTP (at full speed, or throttled to `bytesPerSecond` like a slow client) while a cheap
 * signed-in GET is sent every 20 ms until it ends: the GET's latencies, sorted, show whether the download holds the
 * database (issue 19: a GET waited 5.1 s behind one download on the embedded database).
 */
export async function probeDuringDownload(port: number, url: string, token: string, bytesPerSecond?: number) {
  const headers = { authorization: `Bearer ${token}` };
  const latencies: number[] = [];
  let done = false;
  const started = performance.now();
  const probing = (async () => {
    while (!done) {
      const t0 = performance.now();
      await new Promise<void>((resolve, reject) =>
        get({ port, path: '/api/app/profile/level-roles', headers }, (res) => {
          res.resume();
          res.on('end', () =>
            res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`)),
          );
        }).on('error', reject),
      );
      latencies.push(performance.now() - t0);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  await new Promise<void>((resolve, reject) => {
    get({ port, path: url, headers }, (res) => {
      let received = 0;
      res.on('data', (chunk: Buffer) => {
        received += chunk.length;
        if (!bytesPerSecond) return;
        // Ahead of the rate: stop reading until the clock catches up (the server sees a slow reader).
        const due = (received / bytesPerSecond) * 1000 - (performance.now() - started);
        if (due > 0) {
          res.pause();
          setTimeout(() => res.resume(), due);
        }
      });
      res.on('end', () => (res.statusCode === 200 ? resolve() : reject(new Error(`HTTP ${res.statusCode}`))));
      res.on('error', reject);
    }).on('error', reject);
  });
  const ms = performance.now() - started;
  done = true;
  await probing;
  return { latencies: latencies.sort((a, b) => a - b), ms };
}

/** The raw export: psql's \copy on PostgreSQL, COPY … TO '/dev/blob' on PGlite, of the same query. */
