CREATE TABLE "accounts" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"has_phone_flow_access" boolean DEFAULT false NOT NULL,
	"email_classification_on" boolean DEFAULT false NOT NULL,
	"email_classification_teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "blocks" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"supported_contexts" text[] DEFAULT '{}'::text[] NOT NULL,
	"cc" text[],
	"subject_line" text,
	"attachments" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "checklists" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"tasks" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"block_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classification_outcomes" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"email_body" text NOT NULL,
	"user_email" text NOT NULL,
	"classification_from_model" text NOT NULL,
	"actual_classification" text NOT NULL,
	"cognito_sub" text,
	"microsoft_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recorded_checklists" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"phone_flow_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"tasks" jsonb NOT NULL,
	"blocks" text[] DEFAULT '{}'::text[] NOT NULL,
	"blocks_sent" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_email" text NOT NULL,
	"cognito_sub" text,
	"microsoft_sub" text,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"categories" text[] DEFAULT '{}'::text[] NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sent_auto_responses" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"user_email" text NOT NULL,
	"auto_response_id" char(24) NOT NULL,
	"auto_response_name" text NOT NULL,
	"auto_response_content" text NOT NULL,
	"time_sent" timestamp with time zone NOT NULL,
	"supported_contexts" text[] DEFAULT '{}'::text[] NOT NULL,
	"context_used" text NOT NULL,
	"ui_source" text NOT NULL,
	"cognito_sub" text,
	"microsoft_sub" text,
	"categories" text[],
	"cc" text[],
	"subject_line" text,
	"attachments" jsonb,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"user_sub" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"context" text NOT NULL,
	"teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"user_email" text NOT NULL,
	"update_interval" integer NOT NULL,
	"cognito_sub" text,
	"microsoft_sub" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "suggested_auto_responses" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"team_id" char(24) NOT NULL,
	"user_id" char(24) NOT NULL,
	"user_email" text NOT NULL,
	"name" text NOT NULL,
	"body" text NOT NULL,
	"supported_contexts" text[] DEFAULT '{}'::text[] NOT NULL,
	"cognito_sub" text,
	"microsoft_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "teams" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" char(24) PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"account_id" char(24) NOT NULL,
	"teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"admin_teams" text[] DEFAULT '{}'::text[] NOT NULL,
	"cognito_sub" text,
	"microsoft_sub" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "blocks" ADD CONSTRAINT "blocks_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checklists" ADD CONSTRAINT "checklists_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "teams" ADD CONSTRAINT "teams_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "blocks_account_team_idx" ON "blocks" USING btree ("account_id","team_id");--> statement-breakpoint
CREATE INDEX "checklists_account_team_idx" ON "checklists" USING btree ("account_id","team_id");--> statement-breakpoint
CREATE INDEX "classification_outcomes_account_idx" ON "classification_outcomes" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "recorded_checklists_account_team_idx" ON "recorded_checklists" USING btree ("account_id","team_id");--> statement-breakpoint
CREATE UNIQUE INDEX "recorded_checklists_idempotency_idx" ON "recorded_checklists" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sent_auto_responses_usage_idx" ON "sent_auto_responses" USING btree ("account_id","team_id","auto_response_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sent_auto_responses_idempotency_idx" ON "sent_auto_responses" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "sessions_account_user_idx" ON "sessions" USING btree ("account_id","user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sessions_idempotency_idx" ON "sessions" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "suggested_auto_responses_account_team_idx" ON "suggested_auto_responses" USING btree ("account_id","team_id");--> statement-breakpoint
CREATE INDEX "teams_account_idx" ON "teams" USING btree ("account_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_cognito_sub_idx" ON "users" USING btree ("cognito_sub");--> statement-breakpoint
CREATE UNIQUE INDEX "users_microsoft_sub_idx" ON "users" USING btree ("microsoft_sub");--> statement-breakpoint
CREATE INDEX "users_account_idx" ON "users" USING btree ("account_id");