import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

// `npm run bench -- startup [--runs N] [--members N] [--target embedded|postgres] [--variant name=file.js]`: cold start (spawn → first /readyz
// 200) and resident memory at that moment, of the server through the TypeScript loader and compiled (ADR 023), on
// the embedded database and, with BENCH_DATABASE_URL, on PostgreSQL in production mode. Runs alternate between
// variants so they share the machine's noise; each figure is a median with its min–max and the load average.
const serverRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const repoRoot = path.resolve(serverRoot, '../..');

type Variant = { name: string; args: string[] };
type Target = { name: string; env: Record<string, string>; cleanup: () => Promise<void> };
type Sample = { ms: number; rssMb: number; load: number };

function argValue(name: string): string | undefined {
  const i = process.argv.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (i < 0) return undefined;
  return process.argv[i]!.includes('=') ? process.argv[i]!.split('=')[1] : process.argv[i + 1];
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/** Resident set size of a process in MB, read where the kernel keeps it. */
function rssMb(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
  return kb / 1024;
}

/** Starts one server, times it to its first /readyz 200, reads its RSS, then stops it with SIGTERM. */
async function startOnce(variant: Variant, target: Target, timeoutMs = 180_000): Promise<Sample> {
  const port = await freePort();
  const output: string[] = [];
  const started = performance.now();
  const child = spawn(process.execPath, variant.args, {
    cwd: repoRoot,
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...target.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (c: Buffer) => output.push(c.toString()));
  child.stderr.on('data', (c: Buffer) => output.push(c.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  let ready = false;
  try {
    while (!ready) {
      if (child.exitCode !== null) throw new Error(`${variant.name} exited:\n${output.join('')}`);
      if (performance.now() - started > timeoutMs)
        throw new Error(`${variant.name}: no /readyz in ${timeoutMs / 1000} s:\n${output.join('')}`);
      ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (!ready) await new Promise((r) => setTimeout(r, 20));
    }
    return { ms: performance.now() - started, rssMb: rssMb(child.pid!), load: os.loadavg()[0]! };
  } finally {
    child.kill('SIGTERM');
    await exited;
  }
}

/** Adds a scale organization to the target's database with the compiled seed CLI (the same one db:seed runs). */
function seedMembers(target: Target, members: number) {
  const seedCli = path.join(serverRoot, 'dist/seed-cli.js');
  const result = spawnSync(process.execPath, [seedCli, '--members', String(members)], {
    cwd: repoRoot,
    env: { ...process.env, ...target.env, NODE_ENV: 'development' },
    stdio: 'inherit',
  });
  if (result.status !== 0) throw new Error(`seeding ${members} members failed`);
}

function embeddedTarget(): Target {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'touchline-startup-'));
  // The first start migrates; the timed starts find that done, as a restart does. The demo seed stays out: it is a
  // first start's work, not a start's (the scale organization of --members is the data a start meets).
  return {
    name: 'embedded',
    env: { NODE_ENV: 'development', DATA_DIR: dataDir, SEED_DEMO: 'false' },
    cleanup: async () => rmSync(dataDir, { recursive: true, force: true }),
  };
}

async function postgresTarget(adminUrl: string): Promise<Target> {
  const name = `touchline_startup_${process.pid}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'touchline-startup-'));
  return {
    name: 'PostgreSQL',
    // Production mode, as deployed; nodemailer connects only to send, so an unused SMTP URL is enough here.
    env: {
      NODE_ENV: 'production',
      DATABASE_URL: url.toString(),
      DATA_DIR: dataDir,
      SESSION_PASSWORD: 'startup-bench-session-password-0123456789',
      IDENTITY_KEY_ENCRYPTION_KEY: 'startup-bench-key-encryption-key-0123456789',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PUBLIC_URL: 'http://127.0.0.1',
    },
    cleanup: async () => {
      rmSync(dataDir, { recursive: true, force: true });
      await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

const fmt = (xs: number[], digits: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  const median = sorted[Math.floor(sorted.length / 2)]!;
  return `${median.toFixed(digits)} (${sorted[0]!.toFixed(digits)}–${sorted.at(-1)!.toFixed(digits)})`;
};

/** The startup bench: every variant on every target, `runs` timed starts each after one untimed start. */
export async function benchStartup() {
  const runs = Number(argValue('--runs') ?? 5);
  const members = argValue('--members') ? Number(argValue('--members')) : null;
  const mainJs = path.join(serverRoot, 'dist/main.js');
  if (!existsSync(mainJs))
    throw new Error('Build first: npm run build (the compiled server is one of the variants)');
  const variants: Variant[] = [
    { name: 'tsx loader', args: ['--import', 'tsx', path.join(serverRoot, 'src/main.ts')] },
    { name: 'compiled', args: [mainJs] },
    ...process.argv
      .filter((a) => a.startsWith('--variant='))
      .map((a) => a.slice('--variant='.length).split('='))
      .map(([name, file]) => ({ name: name!, args: [path.resolve(file!)] })),
  ];
  const only = argValue('--target');
  if (only && only !== 'embedded' && only !== 'postgres') throw new Error('--target is embedded or postgres');
  if (only === 'postgres' && !process.env.BENCH_DATABASE_URL)
    throw new Error('--target postgres needs BENCH_DATABASE_URL=postgres://…');
  const targets: Target[] = [];
  if (only !== 'postgres') targets.push(embeddedTarget());
  if (only !== 'embedded' && process.env.BENCH_DATABASE_URL)
    targets.push(await postgresTarget(process.env.BENCH_DATABASE_URL));
  for (const target of targets) {
    try {
      if (members) seedMembers(target, members);
      await startOnce(variants[1]!, target, 900_000);
      const samples = new Map<string, Sample[]>(variants.map((v) => [v.name, []]));
      for (let run = 0; run < runs; run++) {
        for (const variant of variants) {
          const sample = await startOnce(variant, target);
          samples.get(variant.name)!.push(sample);
          console.warn(
            `  ${target.name} run ${run + 1}, ${variant.name}: ${sample.ms.toFixed(0)} ms, ${sample.rssMb.toFixed(0)} MB`,
          );
        }
      }
      const size = members ? `, ${members.toLocaleString('en')}-member organization` : '';
      for (const variant of variants) {
        const s = samples.get(variant.name)!;
        console.warn(
          `startup ${target.name}${size}, ${variant.name}: ${fmt(
            s.map((x) => x.ms),
            0,
          )} ms to /readyz, RSS ${fmt(
            s.map((x) => x.rssMb),
            0,
          )} MB, median of ${runs} (min–max); load average ${fmt(
            s.map((x) => x.load),
            1,
          )}`,
        );
      }
    } finally {
      await target.cleanup();
    }
  }
}
