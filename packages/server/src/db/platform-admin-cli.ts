import os from 'node:os';
import { parseArgs } from 'node:util';
import { loadConfig } from '../config.ts';
import { setPlatformAdminRole } from '../identity-wiring.ts';
import { openDatabase } from './client.ts';

// `npm run platform-admin -- --grant <email>` (or `--revoke <email>`): gives an existing, confirmed account the
// platform role (TouchlineAdmin: the deployment's integrations, dead letters, every organization's list) or takes
// it away. The person signs up first; the change shows in their next token. Audited in the identity trail.
const usage = 'usage: npm run platform-admin -- --grant <email> | --revoke <email>';
const { values } = parseArgs({ options: { grant: { type: 'string' }, revoke: { type: 'string' } } });
const email = values.grant ?? values.revoke;
if (!email || (values.grant && values.revoke)) {
  console.error(usage);
  process.exit(2);
}
const config = loadConfig();
if (config.identityUrl) {
  console.error('IDENTITY_URL is set: run this with the DATABASE_URL of the identity service instead');
  process.exit(1);
}
const database = await openDatabase(config);
try {
  const grant = values.grant !== undefined;
  const by = `${os.userInfo().username}@${os.hostname()} (platform-admin CLI)`;
  const { outcome } = await setPlatformAdminRole(database, { email, grant, by });
  const messages = {
    no_account: grant
      ? `No account uses ${email}: the person signs up first, then run this again.`
      : `No account uses ${email}: there is nothing to take away.`,
    unconfirmed: `${email} has not confirmed its e-mail address yet: confirm it first.`,
    granted: `${email} is now a platform administrator (from their next sign-in or token refresh).`,
    revoked: `${email} is no longer a platform administrator (from their next token refresh).`,
    unchanged: `${email} ${grant ? 'already is' : 'is not'} a platform administrator: nothing changed.`,
  } as const;
  const failed = outcome === 'no_account' || outcome === 'unconfirmed';
  (failed ? console.error : console.warn)(messages[outcome]);
  process.exitCode = failed ? 1 : 0;
} finally {
  await database.close();
}
