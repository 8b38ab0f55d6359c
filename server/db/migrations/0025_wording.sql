CREATE TABLE "block_drafts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"block_id" char(24),
	"base_version" integer,
	"content" jsonb NOT NULL,
	"author_user_id" char(24) NOT NULL,
	"state" text NOT NULL,
	"publish_at" timestamp with time zone,
	"decided_by_user_id" char(24),
	"decided_at" timestamp with time zone,
	"published_version" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_drafts_state_check" CHECK ("block_drafts"."state" in ('awaiting_approval', 'scheduled', 'published', 'rejected', 'withdrawn')),
	CONSTRAINT "block_drafts_scheduled_check" CHECK ("block_drafts"."state" <> 'scheduled' or "block_drafts"."publish_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "audit_events" DROP CONSTRAINT "audit_events_via_check";--> statement-breakpoint
ALTER TABLE "block_versions" DROP CONSTRAINT "block_versions_action_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "time_zone" text DEFAULT 'UTC' NOT NULL;--> statement-breakpoint
ALTER TABLE "block_versions" ADD COLUMN "show_from" date;--> statement-breakpoint
ALTER TABLE "block_versions" ADD COLUMN "show_until" date;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "show_from" date;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "show_until" date;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "owner_user_id" char(24);--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "review_every_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "reviewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "show_from" date;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "show_until" date;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "owner_user_id" char(24);--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "review_every_days" integer DEFAULT 365 NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "reviewed_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "checklists" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "require_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "editor_teams" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "review_mail_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_drafts" ADD CONSTRAINT "block_drafts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_drafts" ADD CONSTRAINT "block_drafts_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "block_drafts" ADD CONSTRAINT "block_drafts_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "block_drafts_team_state_idx" ON "block_drafts" USING btree ("account_id","team_id","state");--> statement-breakpoint
CREATE INDEX "block_drafts_due_idx" ON "block_drafts" USING btree ("publish_at") WHERE "block_drafts"."state" = 'scheduled';--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_via_check" CHECK ("audit_events"."via" in ('app', 'sign-in', 'cli', 'schedule'));--> statement-breakpoint
ALTER TABLE "block_versions" ADD CONSTRAINT "block_versions_action_check" CHECK ("block_versions"."action" in ('created', 'edited', 'restored', 'deleted', 'undeleted', 'archived', 'unarchived', 'published'));--> statement-breakpoint
-- Existing records were last reviewed when they were last saved, and belong to whoever created them.
UPDATE "blocks" SET "reviewed_at" = "updated_at";--> statement-breakpoint
UPDATE "checklists" SET "reviewed_at" = "updated_at";--> statement-breakpoint
UPDATE "blocks" b SET "owner_user_id" = v."author_user_id"
  FROM "block_versions" v
  WHERE v."block_id" = b."id" AND v."version" = 1 AND v."author_user_id" IS NOT NULL
    AND EXISTS (SELECT 1 FROM "users" u WHERE u."id" = v."author_user_id" AND u."disabled_at" IS NULL);
