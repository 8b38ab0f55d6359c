CREATE TABLE "learned_associations" (
	"team_id" char(24) NOT NULL,
	"account_id" char(24) NOT NULL,
	"term" text NOT NULL,
	"block_id" char(24) NOT NULL,
	"weight" double precision NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "learned_associations_team_id_term_block_id_pk" PRIMARY KEY("team_id","term","block_id"),
	CONSTRAINT "learned_associations_term_check" CHECK ("learned_associations"."term" ~ '^[0-9a-f]{8}$')
);
--> statement-breakpoint
CREATE TABLE "team_learning" (
	"team_id" char(24) PRIMARY KEY NOT NULL,
	"account_id" char(24) NOT NULL,
	"uses" integer NOT NULL,
	"since" timestamp with time zone NOT NULL,
	"last_use_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "learned_associations" ADD CONSTRAINT "learned_associations_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "team_learning" ADD CONSTRAINT "team_learning_team_id_teams_id_fk" FOREIGN KEY ("team_id") REFERENCES "public"."teams"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "learned_associations_team_time_idx" ON "learned_associations" USING btree ("team_id","updated_at");