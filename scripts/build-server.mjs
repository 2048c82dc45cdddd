// `npm run build` (after the web app): compiles the server and the identity service to plain JavaScript that
// `node` runs without a TypeScript loader (ADR 023). One esbuild bundle per package: its entries share chunks,
// the workspace packages (@touchline/*) are bundled in, and every other package stays external in node_modules.
import { readFile } from 'node:fs/promises';
import { performance } from 'node:perf_hooks';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

// A new process (a worker, another CLI) is one more line here.
const packages = [
  {
    dir: 'packages/server',
    entries: {
      main: 'src/main.ts',
      'migrate-cli': 'src/db/migrate-cli.ts',
      'seed-cli': 'src/seeds/seed-cli.ts',
      'rotate-signing-key-cli': 'src/db/rotate-signing-key-cli.ts',
      'platform-admin-cli': 'src/db/platform-admin-cli.ts',
      worker: 'src/worker.ts',
    },
  },
  { dir: 'packages/identity', entries: { main: 'src/main.ts' } },
];

/**
 * Code that finds files next to its source (migrations, package.json, the demo video) computes them from
 * import.meta.url. In a bundle that URL is the bundle's, so each source file's import.meta.url becomes its own
 * source location, computed relative to the bundle: the same folders resolve whether the sources ship or not.
 */
function sourceLocatedImportMeta(outdir) {
  return {
    name: 'source-located-import-meta',
    setup(b) {
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const source = await readFile(args.path, 'utf8');
        if (!source.includes('import.meta.url')) return undefined;
        const relative = path.relative(outdir, args.path).split(path.sep).join('/');
        const located = `new URL(${JSON.stringify(relative)}, import.meta.url).href`;
        return { contents: source.replaceAll('import.meta.url', located), loader: 'ts' };
      });
    },
  };
}

/** Workspace packages are sources (their exports point at .ts), so they are bundled; the rest stays external. */
const externalDependencies = {
  name: 'external-dependencies',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) =>
      args.path.startsWith('@touchline/') ? undefined : { path: args.path, external: true },
    );
  },
};

/**
 * Compiles each package into `<outRoot>/<package dir>/dist` (the repository itself by default; the start-up stop
 * test compiles into a temporary folder, so it runs the server as production does without touching dist/).
 */
export async function buildServer(outRoot = repoRoot) {
  for (const pkg of packages) await buildPackage(pkg, path.join(outRoot, pkg.dir, 'dist'));
}

async function buildPackage(pkg, outdir) {
  const started = performance.now();
  const result = await build({
    absWorkingDir: path.join(repoRoot, pkg.dir),
    entryPoints: pkg.entries,
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node24',
    sourcemap: 'linked',
    chunkNames: '[name]-[hash]',
    logLevel: 'warning',
    metafile: true,
    plugins: [sourceLocatedImportMeta(outdir), externalDependencies],
  });
  const bytes = Object.values(result.metafile.outputs).reduce((sum, o) => sum + o.bytes, 0);
  console.warn(
    `Built ${pkg.dir}/dist: ${Object.keys(pkg.entries).join(', ')} ` +
      `(${(bytes / 1e6).toFixed(1)} MB with source maps, ${Math.round(performance.now() - started)} ms)`,
  );
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();
