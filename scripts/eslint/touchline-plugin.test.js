// @ts-check
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import touchline, { staticImports } from './touchline-plugin.js';

let dir = '';
const write = (rel, text) => {
  const file = path.join(dir, rel);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, text);
};

async function lint(rules) {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.js', '**/*.ts'], plugins: { touchline }, rules },
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } },
    ],
  });
  const results = await eslint.lintFiles(['src/**/*.js', 'src/**/*.ts']);
  return results
    .flatMap((r) => r.messages.map((m) => `${path.relative(dir, r.filePath)}: ${m.message}`))
    .sort();
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'touchline-eslint-'));
  write('src/a.js', "import { b } from './b.js';\nexport const a = b;\n");
  write('src/b.js', "import { c } from './c';\nexport const b = c;\n");
  write('src/c.js', "export { a as c } from './a.js';\n");
  write('src/d.js', "import { a } from './a.js';\nexport const d = a;\n");
  // A circle closed by a type-only import (the kind erased at runtime) is still a circle.
  write('src/e.ts', "import { f } from './f.ts';\nexport const e = f;\n");
  write('src/f.ts', "import type { E } from './e.ts';\nexport const f = 1;\n");
  write('src/modules/one/one.service.js', 'export const one = 1;\n');
  write('src/modules/one/one.repository.js', 'export const oneRow = 1;\n');
  write(
    'src/modules/two/two.js',
    "import { one } from '../one/one.service.js';\nimport { oneRow } from '../one/one.repository.js';\nexport const two = one + oneRow;\n",
  );
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('touchline/no-cycle', () => {
  it('reports every file on a cycle, and not a file that only depends on it', async () => {
    const messages = await lint({ 'touchline/no-cycle': 'error' });
    expect(messages).toEqual([
      'src/a.js: Import cycle: src/a.js → src/b.js → src/c.js → src/a.js',
      'src/b.js: Import cycle: src/b.js → src/c.js → src/a.js → src/b.js',
      'src/c.js: Import cycle: src/c.js → src/a.js → src/b.js → src/c.js',
      'src/e.ts: Import cycle: src/e.ts → src/f.ts → src/e.ts',
      'src/f.ts: Import cycle: src/f.ts → src/e.ts → src/f.ts',
    ]);
  });

  it('follows type-only imports too: erased at runtime, but a circle in the design all the same', () => {
    expect(
      staticImports(
        "import type { A } from './a.ts';\nexport type { B } from './b.ts';\nimport { c } from './c.ts';\nimport {\n  type D,\n  d,\n} from './d.ts';\nimport './e.css';\n",
      ),
    ).toEqual(['./a.ts', './b.ts', './c.ts', './d.ts', './e.css']);
  });
});

describe('touchline/restricted-paths', () => {
  it('lets a module use another module’s service but not its internals', async () => {
    const messages = await lint({
      'touchline/restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './src/modules/two',
              from: './src/modules/one',
              except: ['./one.service.js'],
              message: 'services only',
            },
          ],
        },
      ],
    });
    expect(messages).toEqual(['src/modules/two/two.js: services only']);
  });
});
