// `npm run fuzz -- --requests 100000 [--seed 42]`: the server suite's route fuzzer (ADR 020) for a long run; the
// normal suite runs the same test with 2,000 requests. Set TEST_DATABASE_URL to fuzz on PostgreSQL.
import { spawn } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: { requests: { type: 'string', default: '100000' }, seed: { type: 'string' } },
});
const requests = Number(values.requests);
if (!Number.isInteger(requests) || requests < 1) {
  console.error('--requests must be a positive whole number');
  process.exit(2);
}
const env = {
  ...process.env,
  FUZZ_REQUESTS: String(requests),
  ...(values.seed ? { FUZZ_SEED: values.seed } : {}),
};
const child = spawn(
  'node_modules/.bin/vitest',
  ['run', '--project', 'server', 'packages/server/src/fuzz/route-fuzz.test.ts'],
  { stdio: 'inherit', env },
);
child.on('exit', (code) => process.exit(code ?? 1));
