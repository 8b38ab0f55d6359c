CREATE TABLE "audit_events" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"actor_user_id" char(24),
	"action" text NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" char(24) NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "block_versions" (
	"block_id" char(24) NOT NULL,
	"version" integer NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"supported_contexts" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc" text[],
	"subject_line" text,
	"attachments" jsonb,
	"author_user_id" char(24),
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "block_versions_block_id_version_pk" PRIMARY KEY("block_id","version"),
	CONSTRAINT "block_versions_action_check" CHECK ("block_versions"."action" in ('created', 'edited', 'restored', 'deleted', 'undeleted'))
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "blocks" ADD COLUMN "deleted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "block_versions" ADD CONSTRAINT "block_versions_block_id_blocks_id_fk" FOREIGN KEY ("block_id") REFERENCES "public"."blocks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_team_at_idx" ON "audit_events" USING btree ("account_id","team_id","at","id");--> statement-breakpoint
-- Hand-written (data only, so the snapshot is unchanged): every block that exists already gets its
-- version 1 in the history, as it stands, made by nobody, so an admin can always go back to it.
INSERT INTO "block_versions" ("block_id", "version", "account_id", "team_id", "name", "body", "categories", "supported_contexts", "cc", "subject_line", "attachments", "author_user_id", "action", "created_at")
SELECT "id", "version", "account_id", "team_id", "name", "body", "categories", "supported_contexts", "cc", "subject_line", "attachments", NULL, 'created', "created_at" FROM "blocks";
