CREATE TABLE "account_retention" (
	"account_id" char(24) PRIMARY KEY NOT NULL,
	"usage_days" integer DEFAULT 730,
	"session_days" integer DEFAULT 365,
	"classification_days" integer DEFAULT 90,
	"learning_days" integer DEFAULT 365,
	"mail_days" integer DEFAULT 30,
	"updated_at" timestamp with time zone,
	"swept_at" timestamp with time zone,
	CONSTRAINT "account_retention_days_check" CHECK (coalesce("account_retention"."usage_days", 1) between 1 and 3650 and coalesce("account_retention"."session_days", 1) between 1 and 3650 and coalesce("account_retention"."classification_days", 1) between 1 and 3650 and coalesce("account_retention"."learning_days", 1) between 1 and 3650 and coalesce("account_retention"."mail_days", 1) between 1 and 3650)
);
--> statement-breakpoint
ALTER TABLE "account_retention" ADD CONSTRAINT "account_retention_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (
    SELECT 1 FROM "audit_retention" WHERE "days" IS NOT NULL AND OLD."at" < now() - make_interval(days => "days")
  ) THEN
    RETURN OLD;
  END IF;
  -- Erasing a person (server/privacy/erasure.ts): the ids that name them become their anonymous id
  -- and their network address goes; what happened, when and to what stays as it was.
  IF TG_OP = 'UPDATE'
    AND NEW."id" = OLD."id" AND NEW."account_id" IS NOT DISTINCT FROM OLD."account_id" AND NEW."team_id" IS NOT DISTINCT FROM OLD."team_id"
    AND NEW."via" = OLD."via" AND NEW."action" = OLD."action" AND NEW."entity_kind" = OLD."entity_kind"
    AND NEW."changes" = OLD."changes" AND NEW."at" = OLD."at"
    AND (NEW."actor_address" IS NOT DISTINCT FROM OLD."actor_address" OR NEW."actor_address" IS NULL)
    AND (NEW."actor_user_id" IS NOT DISTINCT FROM OLD."actor_user_id" OR (OLD."actor_user_id" IS NOT NULL AND NEW."actor_user_id" IS NOT NULL))
    AND (NEW."entity_id" = OLD."entity_id" OR OLD."entity_kind" = 'member')
  THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
