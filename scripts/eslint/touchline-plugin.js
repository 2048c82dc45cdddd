// @ts-check
/**
 * Touchline's own ESLint rules for the import boundaries of ARCHITECTURE §1:
 *   - `restricted-paths`: a folder may not import from another (with named exceptions);
 *   - `no-cycle`: no import cycle between our own files, type-only imports included (ADR 004, ADR 038): a
 *     type-only circle is still a circle in the design, and it is the one that turns into a runtime circle the
 *     day somebody needs a value from the other side.
 * We keep them here rather than use eslint-plugin-import-x: its resolver ships per-platform binaries that the
 * registry mirror of our machines does not carry, which breaks `npm ci` on a clean clone (ADR 004).
 */
import fs from 'node:fs';
import path from 'node:path';

const extensions = ['.ts', '.tsx', '.js', '.mjs'];

/** Resolves a relative import specifier to a file on disk, or null when it is not one of ours. */
export function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith('.')) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  const candidates = [
    base,
    ...extensions.map((e) => base + e),
    ...extensions.map((e) => path.join(base, `index${e}`)),
  ];
  return candidates.find((c) => fs.existsSync(c) && fs.statSync(c).isFile()) ?? null;
}

// `import … from './x'` and `export … from './x'`, `import type` / `export type` included: erased at runtime, but
// a type-only circle still ties the two files together (ADR 038).
const staticImport = /^\s*(?:import|export)\s+[^'";()]*?\bfrom\s*['"](\.[^'"]+)['"]/gm;
const sideEffectImport = /^\s*import\s*['"](\.[^'"]+)['"]/gm;

/** The relative static imports of a source text, type-only ones included. */
export function staticImports(text) {
  const found = [];
  for (const re of [staticImport, sideEffectImport]) {
    for (const m of text.matchAll(re)) if (m[1]) found.push(m[1]);
  }
  return found;
}

/** @type {Map<string, string[]>} */
const graphCache = new Map();

/** The files `file` imports (relative static imports that resolve to one of ours), read once per process. */
export function dependenciesOf(file) {
  let deps = graphCache.get(file);
  if (!deps) {
    const text = fs.readFileSync(file, 'utf8');
    deps = staticImports(text)
      .map((s) => resolveImport(file, s))
      .filter((f) => f !== null);
    graphCache.set(file, deps);
  }
  return deps;
}

/** Finds a path of imports from `start` back to `target`, or null. */
export function findPath(start, target) {
  const seen = new Set();
  const stack = [[start, [start]]];
  while (stack.length > 0) {
    const [file, trail] = stack.pop();
    if (file === target) return trail;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const dep of dependenciesOf(file)) stack.push([dep, [...trail, dep]]);
  }
  return null;
}

function importSource(node) {
  return node.source && typeof node.source.value === 'string' ? node.source.value : null;
}

const noCycle = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids import cycles between our own modules.' },
    schema: [],
  },
  create(context) {
    const file = context.filename;
    // The file being linted may have unsaved edits: its own imports come from the text ESLint has.
    graphCache.delete(file);
    const check = (node) => {
      const src = importSource(node);
      if (!src) return;
      const target = resolveImport(file, src);
      if (!target) return;
      const cycle = findPath(target, file);
      if (cycle) {
        const root = context.cwd;
        const shown = [file, ...cycle].map((f) => path.relative(root, f)).join(' → ');
        context.report({ node, message: `Import cycle: ${shown}` });
      }
    };
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check };
  },
};

function within(file, dir) {
  const rel = path.relative(dir, file);
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel));
}

const restrictedPaths = {
  meta: {
    type: 'problem',
    docs: { description: 'Forbids imports from one folder into another, except named entry points.' },
    schema: [
      {
        type: 'object',
        properties: {
          zones: {
            type: 'array',
            items: {
              type: 'object',
              properties: {
                target: { type: 'string' },
                from: { anyOf: [{ type: 'string' }, { type: 'array', items: { type: 'string' } }] },
                except: { type: 'array', items: { type: 'string' } },
                message: { type: 'string' },
              },
              required: ['target', 'from'],
              additionalProperties: false,
            },
          },
        },
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const zones = (context.options[0]?.zones ?? []).filter((z) => within(file, path.resolve(root, z.target)));
    if (zones.length === 0) return {};
    const check = (node) => {
      const src = node.source && typeof node.source.value === 'string' ? node.source.value : null;
      const target = src ? resolveImport(file, src) : null;
      if (!target) return;
      for (const zone of zones) {
        const froms = (Array.isArray(zone.from) ? zone.from : [zone.from]).map((f) => path.resolve(root, f));
        const from = froms.find((f) => within(target, f));
        if (!from) continue;
        const allowed = (zone.except ?? []).some((e) => within(target, path.resolve(from, e)));
        if (!allowed) {
          context.report({ node, message: zone.message ?? `Importing ${src} is not allowed here.` });
          return;
        }
      }
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export default {
  meta: { name: 'eslint-plugin-touchline' },
  rules: { 'no-cycle': noCycle, 'restricted-paths': restrictedPaths },
};
