CREATE TABLE "mail_queue" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"discard_after" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"last_error" text,
	CONSTRAINT "mail_queue_status_check" CHECK ("mail_queue"."status" in ('pending', 'sent', 'dead', 'expired'))
);
--> statement-breakpoint
-- The pool's outbox moves into the queue: sent mail as sent, the rest as pending until an hour after it was written (a reset code's lifetime), so nothing stale goes out.
INSERT INTO "mail_queue" ("id", "kind", "to_address", "subject", "body", "status", "attempts", "next_attempt_at", "discard_after", "created_at", "sent_at", "last_error")
SELECT "id", 'reset_code', "to_address", "subject", "body",
  CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "created_at" + interval '1 hour' <= now() THEN 'expired' ELSE 'pending' END,
  CASE WHEN "sent_at" IS NOT NULL OR "last_error" IS NOT NULL THEN 1 ELSE 0 END,
  "created_at", "created_at" + interval '1 hour', "created_at", "sent_at", "last_error"
FROM "identity_outbox";--> statement-breakpoint
DROP TABLE "identity_outbox" CASCADE;--> statement-breakpoint
CREATE INDEX "mail_queue_due_idx" ON "mail_queue" USING btree ("next_attempt_at") WHERE "mail_queue"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "mail_queue_created_idx" ON "mail_queue" USING btree ("created_at");