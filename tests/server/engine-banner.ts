/** Vitest global setup of the server suite: says which database engine this run uses, for CI logs. */
export default function announceEngine(): void {
  const engine = process.env.TEST_DATABASE_URL ? 'PostgreSQL (TEST_DATABASE_URL)' : 'PGlite (embedded, in memory)';
  console.log(`server suite database: ${engine}`);
}
