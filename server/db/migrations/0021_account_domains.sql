CREATE TABLE "account_domains" (
	"account_id" char(24) NOT NULL,
	"domain" text NOT NULL,
	"token" text NOT NULL,
	"verified_at" timestamp with time zone,
	"verified_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "account_domains_account_id_domain_pk" PRIMARY KEY("account_id","domain"),
	CONSTRAINT "account_domains_verified_by_check" CHECK ("account_domains"."verified_by" in ('dns', 'operator'))
);
--> statement-breakpoint
DROP INDEX "users_email_idx";--> statement-breakpoint
ALTER TABLE "account_domains" ADD CONSTRAINT "account_domains_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_domains_verified_idx" ON "account_domains" USING btree ("domain") WHERE "account_domains"."verified_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "users_account_email_idx" ON "users" USING btree ("account_id",lower("email"));--> statement-breakpoint
CREATE INDEX "users_email_idx" ON "users" USING btree (lower("email"));--> statement-breakpoint
-- Domains listed before proofs existed stay listed, claimed but unproven: they let nobody in until
-- the account proves them (DNS) or the operator assigns them (`npm run user -- assign-domain`).
INSERT INTO "account_domains" ("account_id", "domain", "token")
SELECT "id", lower("domain"), replace(gen_random_uuid()::text, '-', '')
FROM "accounts", unnest("work_account_domains") AS "domain"
ON CONFLICT DO NOTHING;
