ALTER TABLE "block_versions" ADD COLUMN "examples" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "examples" text[] DEFAULT '{}'::text[] NOT NULL;