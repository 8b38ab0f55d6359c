import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: ['./server/db/schema.ts', './server/db/records-schema.ts', './server/db/drafts-schema.ts', './server/classifier/schema.ts', './server/mail/schema.ts', './server/identity/schema.ts', './server/sso/schema.ts', './server/learning/schema.ts'],
  out: './server/db/migrations',
});
