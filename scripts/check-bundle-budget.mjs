// The first load's byte budget (ADR 029), run by CI after `npm run build`: the JavaScript a browser fetches before
// any of the app runs (the entry chunk of index.html and every chunk it imports statically, which index.html
// preloads) must stay within 100 kB as the server sends it (the brotli copy the build wrote; a file too small to
// have one is sent as it is). Reads the build's manifest, prints each file's size and fails above the budget.
// Also prints, without a limit, what the sign-in route loads next (root, session, layout, page): the
// rest of the sign-in page's JavaScript, fetched in parallel once the entry runs.
//
//   node scripts/check-bundle-budget.mjs [--budget 100000] [--dist packages/web/dist]
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values: args } = parseArgs({
  options: {
    budget: { type: 'string', default: '100000' },
    dist: { type: 'string', default: process.env.WEB_DIST_DIR ?? path.join(repoRoot, 'packages/web/dist') },
  },
});
const budget = Number(args.budget);
const dist = path.resolve(args.dist);
const manifestFile = path.join(dist, '.vite', 'manifest.json');
if (!fs.existsSync(manifestFile)) {
  console.error(`No build manifest at ${manifestFile}: run \`npm run build\` first.`);
  process.exit(1);
}
/** @type {Record<string, { file: string, name?: string, src?: string, isEntry?: boolean, imports?: string[], dynamicImports?: string[], css?: string[] }>} */
const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry in the manifest, found ${entries.length}`);
const [entryKey] = entries[0];

/** The chunk and everything it imports statically, depth first, each once. */
function staticClosure(key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const chunk = manifest[key];
  if (!chunk) throw new Error(`the manifest has no ${key}`);
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/** What the server sends for a file: its brotli copy when the build wrote one, else the file itself. */
function sentBytes(file) {
  const full = path.join(dist, file);
  const br = `${full}.br`;
  return {
    raw: fs.statSync(full).size,
    sent: fs.existsSync(br) ? fs.statSync(br).size : fs.statSync(full).size,
  };
}

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

function report(title, keys) {
  console.log(title);
  let total = 0;
  let raw = 0;
  for (const key of keys) {
    const { file } = manifest[key];
    const size = sentBytes(file);
    total += size.sent;
    raw += size.raw;
    console.log(`  ${file.padEnd(48)} ${kb(size.sent).padStart(9)}  (${kb(size.raw)} uncompressed)`);
  }
  console.log(`  ${'total'.padEnd(48)} ${kb(total).padStart(9)}  (${kb(raw)} uncompressed)`);
  return total;
}

const initial = [...staticClosure(entryKey)];
const initialBytes = report(
  'Initial JavaScript (index.html entry and its static imports, as sent):',
  initial,
);

// The sign-in route's lazy modules, as the router imports them (packages/web/src/app/router.tsx): the root route
// and the QueryClient, the session, the public layout and the page. The web build groups lib/ and components/ into
// one chunk named `common`, and the signed-out pages with the root route into one named `signed-out`
// (packages/web/vite.config.ts, ADR 029). The manifest names such a chunk only by its name: a source there is found
// through it.
const signInSources = [
  'src/app/routes/root.tsx',
  'src/lib/query-client.ts',
  'src/lib/session.ts',
  'src/components/layouts/public-layout.tsx',
  'src/features/auth/components/sign-in-page.tsx',
];
const groupOf = (source) =>
  /^src\/(lib|components)\//.test(source)
    ? 'common'
    : /^src\/(features\/auth\/|app\/routes\/root\.tsx$)/.test(source)
      ? 'signed-out'
      : undefined;
const entry = manifest[entryKey];
const lazyKeys = (entry.dynamicImports ?? []).filter((key) => {
  const chunk = manifest[key];
  return (
    signInSources.includes(chunk?.src ?? '') ||
    (!chunk?.src && ['common', 'signed-out'].includes(chunk?.name))
  );
});
const found = new Set(lazyKeys.map((key) => manifest[key]?.src ?? manifest[key]?.name));
const missing = signInSources.filter((source) => !found.has(source) && !found.has(groupOf(source)));
if (missing.length > 0) {
  console.warn(
    `\n(warning) the sign-in route's lazy modules not found in the manifest: ${missing.join(', ')}`,
  );
}
const counted = new Set(initial);
const lazy = [];
for (const key of lazyKeys) {
  for (const k of staticClosure(key)) {
    if (counted.has(k)) continue;
    counted.add(k);
    lazy.push(k);
  }
}
console.log('');
const lazyBytes = report(
  'Then, for /signin (root, QueryClient, session, public layout, sign-in page and their imports):',
  lazy,
);
console.log(`\nThe sign-in page's JavaScript in all: ${kb(initialBytes + lazyBytes)}`);

if (initialBytes > budget) {
  console.error(
    `\nOver budget: the initial JavaScript is ${kb(initialBytes)}, the budget ${kb(budget)} (ADR 029).`,
  );
  process.exit(1);
}
console.log(`\nWithin budget: ${kb(initialBytes)} of ${kb(budget)} initial JavaScript.`);
