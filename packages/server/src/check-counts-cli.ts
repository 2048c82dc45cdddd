import { loadConfig } from './config.ts';
import { levelCountMismatches } from './modules/dashboard/level-counts.sql.ts';
import { openDatabase } from './db/client.ts';

// `npm run db:check-counts`: recounts every organization's live accesses and compares them with the per-level counts
// the tiles read (ADR 026). Exits 1 and lists the rows that differ, so a nightly job can alert on drift.
const config = loadConfig();
const database = await openDatabase(config);
try {
  const started = performance.now();
  const mismatches = await levelCountMismatches(database.db);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (mismatches.length === 0) {
    console.warn(`The per-level counts match a full recount (${seconds} s).`);
  } else {
    for (const m of mismatches.slice(0, 50))
      console.error(
        `organization ${m.organization_id} level ${m.level_path} label ${m.label_id} group ${m.group_membership_status} ` +
          `overall ${m.overall_status} statuses ${m.requirement_statuses}: counted ${m.counted}, actually ${m.actual}`,
      );
    console.error(`${mismatches.length} count row(s) differ from a full recount (${seconds} s).`);
    process.exitCode = 1;
  }
} finally {
  await database.close();
}
