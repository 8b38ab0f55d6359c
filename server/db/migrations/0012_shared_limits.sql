CREATE TABLE "identity_rate_windows" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_unknown_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failed_attempts" integer DEFAULT 0 NOT NULL,
	"first_failed_at" timestamp with time zone,
	"locked_until" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "identity_rate_windows_expires_idx" ON "identity_rate_windows" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "identity_unknown_failures_expires_idx" ON "identity_unknown_failures" USING btree ("expires_at");