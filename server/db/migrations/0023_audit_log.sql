CREATE TABLE "audit_retention" (
	"only" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"days" integer,
	CONSTRAINT "audit_retention_only_check" CHECK ("audit_retention"."only"),
	CONSTRAINT "audit_retention_days_check" CHECK ("audit_retention"."days" is null or "audit_retention"."days" >= 1)
);
--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "account_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ALTER COLUMN "entity_id" SET DATA TYPE text;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "via" text DEFAULT 'app' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_events" ADD COLUMN "actor_address" text;--> statement-breakpoint
CREATE INDEX "audit_events_account_at_idx" ON "audit_events" USING btree ("account_id","at","id");--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at");--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_via_check" CHECK ("audit_events"."via" in ('app', 'sign-in', 'cli'));--> statement-breakpoint
INSERT INTO "audit_retention" ("only", "days") VALUES (true, NULL);--> statement-breakpoint
CREATE FUNCTION "audit_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND EXISTS (
    SELECT 1 FROM "audit_retention" WHERE "days" IS NOT NULL AND OLD."at" < now() - make_interval(days => "days")
  ) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit events are append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events" FOR EACH ROW EXECUTE FUNCTION "audit_events_append_only"();--> statement-breakpoint
CREATE FUNCTION "audit_events_no_truncate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit events are append-only: TRUNCATE refused' USING ERRCODE = 'insufficient_privilege';
END;
$$;--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events" FOR EACH STATEMENT EXECUTE FUNCTION "audit_events_no_truncate"();
