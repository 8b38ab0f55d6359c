ALTER TABLE "users" ADD COLUMN "cognito_issuer" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "microsoft_issuer" text;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD COLUMN "family_id" text;--> statement-breakpoint
-- Tokens issued before rotation each start their own family.
UPDATE "identity_refresh_tokens" SET "family_id" = "id" WHERE "family_id" IS NULL;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ALTER COLUMN "family_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_refresh_tokens" ADD COLUMN "rotated_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "identity_refresh_tokens_family_idx" ON "identity_refresh_tokens" USING btree ("family_id");
