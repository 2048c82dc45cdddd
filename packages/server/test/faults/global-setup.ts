/** The fault tests need a real PostgreSQL server: refuse to run, loudly, rather than skip without one. */
export default function setup() {
  if (!process.env.TEST_DATABASE_URL) {
    throw new Error(
      'The faults project needs PostgreSQL: set TEST_DATABASE_URL, e.g. ' +
        'TEST_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres npm run test:faults',
    );
  }
}
