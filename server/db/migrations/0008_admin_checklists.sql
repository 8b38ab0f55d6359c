ALTER TABLE "checklists" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "deleted_at" timestamp with time zone;