CREATE TABLE "mailbox_teams" (
	"account_id" char(24) NOT NULL,
	"address" text NOT NULL,
	"team_id" char(24) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mailbox_teams_account_id_address_pk" PRIMARY KEY("account_id","address"),
	CONSTRAINT "mailbox_teams_address_lower_check" CHECK ("mailbox_teams"."address" = lower("mailbox_teams"."address"))
);
--> statement-breakpoint
ALTER TABLE "sent_auto_responses" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "mailbox" text;--> statement-breakpoint
ALTER TABLE "mailbox_teams" ADD CONSTRAINT "mailbox_teams_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mailbox_teams" ADD CONSTRAINT "mailbox_teams_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mailbox_teams_team_idx" ON "mailbox_teams" USING btree ("team_id");