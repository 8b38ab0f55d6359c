ALTER TABLE "suggested_auto_responses" ADD COLUMN "status" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "suggested_auto_responses" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "suggested_auto_responses" ADD COLUMN "decided_by" char(24);--> statement-breakpoint
ALTER TABLE "suggested_auto_responses" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "suggested_auto_responses" ADD COLUMN "block_id" char(24);--> statement-breakpoint
CREATE INDEX "sent_auto_responses_team_time_idx" ON "sent_auto_responses" USING btree ("account_id","team_id","time_sent");--> statement-breakpoint
CREATE INDEX "suggested_auto_responses_inbox_idx" ON "suggested_auto_responses" USING btree ("account_id","team_id","status","created_at","id");--> statement-breakpoint
ALTER TABLE "suggested_auto_responses" ADD CONSTRAINT "suggested_auto_responses_status_check" CHECK ("suggested_auto_responses"."status" in ('open', 'approved', 'rejected'));