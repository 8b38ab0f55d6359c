ALTER TABLE "audit_events" ALTER COLUMN "team_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "support_email" text;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "most_frequent_count" integer;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "work_account_domains" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "work_account_team" char(24);--> statement-breakpoint
ALTER TABLE "teams" ADD COLUMN "archived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_admin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "name" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "sign_in" text DEFAULT 'password' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "disabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "joined_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sign_in_check" CHECK ("users"."sign_in" in ('password', 'work-account'));--> statement-breakpoint
-- People who were already here have signed in before: they are active, not invited.
UPDATE "users" SET "joined_at" = "created_at";--> statement-breakpoint
UPDATE "users" SET "sign_in" = 'work-account' WHERE "microsoft_sub" IS NOT NULL AND "cognito_sub" IS NULL;
