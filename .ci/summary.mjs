// Sums the JSON reports of every suite CI ran into one closing line: "N passed, N failed", after each suite's
// slowest files (wall seconds from a file's start to its end), so every run shows where its time went.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2];
const slowestShown = 8;

/** A suite's slowest files: vitest's testResults (startTime/endTime) or Playwright's suites (summed test durations). */
function printSlowest(report) {
  const files = [];
  if (Array.isArray(report.testResults)) {
    for (const result of report.testResults) {
      files.push([result.name, (result.endTime - result.startTime) / 1000]);
    }
  } else if (Array.isArray(report.suites)) {
    const sum = (suite) =>
      (suite.specs ?? []).reduce(
        (total, spec) =>
          total + spec.tests.reduce((t, test) => t + test.results.reduce((r, run) => r + run.duration, 0), 0),
        0,
      ) + (suite.suites ?? []).reduce((total, inner) => total + sum(inner), 0);
    for (const suite of report.suites) files.push([suite.file, sum(suite) / 1000]);
  }
  const root = process.cwd() + path.sep;
  for (const [name, seconds] of files.sort((a, b) => b[1] - a[1]).slice(0, slowestShown)) {
    console.log(`${seconds.toFixed(1).padStart(7)} s  ${String(name).replace(root, '')}`);
  }
}
let passed = 0;
let failed = 0;
let skipped = 0;
for (const file of fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.json'))
  .sort()) {
  const report = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  let p = 0;
  let f = 0;
  let s = 0;
  if (report.stats && 'expected' in report.stats) {
    p = report.stats.expected + report.stats.flaky;
    f = report.stats.unexpected;
    s = report.stats.skipped;
  } else {
    p = report.numPassedTests;
    f = report.numFailedTests;
    s = report.numPendingTests + (report.numTodoTests ?? 0);
  }
  printSlowest(report);
  console.log(`${file.replace(/\.json$/, '')}: ${p} passed, ${f} failed${s ? `, ${s} skipped` : ''}`);
  passed += p;
  failed += f;
  skipped += s;
}
console.log(`${passed} passed, ${failed} failed${skipped ? `, ${skipped} skipped` : ''}`);
process.exit(failed > 0 ? 1 : 0);
