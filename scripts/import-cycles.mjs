// @ts-check
/**
 * Whole-tree import-cycle check (ADR 004, ADR 038): builds the graph of relative static imports — type-only ones
 * included — over every package's sources with the same resolver as `touchline/no-cycle`, and prints each strongly
 * connected component of more than one file (a circle). Exits 1 when there is one. Part of `npm run lint`.
 *   node scripts/import-cycles.mjs
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { dependenciesOf } from './eslint/touchline-plugin.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const trees = ['contracts', 'identity', 'server', 'web', 'sandbox'].map((p) =>
  path.join(root, 'packages', p),
);
const sourceFile = /\.(ts|tsx|mjs|js)$/;

/** @param {string} dir @returns {string[]} */
function filesUnder(dir) {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory())
      return ['node_modules', 'dist', '.data', 'migrations'].includes(entry.name) ? [] : filesUnder(full);
    return sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

const files = trees.filter((t) => fs.existsSync(t)).flatMap(filesUnder);

// Tarjan's strongly connected components, iterative (the server tree is deep enough to matter).
let counter = 0;
/** @type {Map<string, number>} */ const index = new Map();
/** @type {Map<string, number>} */ const low = new Map();
/** @type {string[]} */ const stack = [];
const onStack = new Set();
/** @type {string[][]} */ const circles = [];
for (const start of files) {
  if (index.has(start)) continue;
  /** @type {Array<[string, number]>} */ const work = [[start, 0]];
  while (work.length > 0) {
    const frame = work[work.length - 1];
    const [file, i] = frame;
    if (i === 0) {
      index.set(file, counter);
      low.set(file, counter);
      counter++;
      stack.push(file);
      onStack.add(file);
    }
    const deps = dependenciesOf(file);
    if (i < deps.length) {
      frame[1] = i + 1;
      const dep = deps[i];
      if (!index.has(dep)) work.push([dep, 0]);
      else if (onStack.has(dep)) low.set(file, Math.min(low.get(file) ?? 0, index.get(dep) ?? 0));
      continue;
    }
    work.pop();
    const parent = work[work.length - 1];
    if (parent) low.set(parent[0], Math.min(low.get(parent[0]) ?? 0, low.get(file) ?? 0));
    if (low.get(file) === index.get(file)) {
      /** @type {string[]} */ const component = [];
      let member;
      do {
        member = /** @type {string} */ (stack.pop());
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1) circles.push(component.map((f) => path.relative(root, f)).sort());
    }
  }
}

if (circles.length === 0) {
  console.log(`import-cycles: no circle among ${files.length} files (type-only imports included).`);
} else {
  for (const circle of circles)
    console.error(`Import circle of ${circle.length} files:\n  ${circle.join('\n  ')}`);
  console.error(`import-cycles: ${circles.length} circle(s).`);
  process.exit(1);
}
