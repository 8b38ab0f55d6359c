CREATE TABLE "classifier_states" (
	"account_id" char(24) PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 0 NOT NULL,
	"election_docs" integer DEFAULT 0 NOT NULL,
	"recorder_docs" integer DEFAULT 0 NOT NULL,
	"election_words" integer DEFAULT 0 NOT NULL,
	"recorder_words" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "classifier_word_counts" (
	"account_id" char(24) NOT NULL,
	"word" text NOT NULL,
	"election" integer DEFAULT 0 NOT NULL,
	"recorder" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "classifier_word_counts_account_id_word_pk" PRIMARY KEY("account_id","word")
);
--> statement-breakpoint
ALTER TABLE "classifier_states" ADD CONSTRAINT "classifier_states_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "classifier_word_counts" ADD CONSTRAINT "classifier_word_counts_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;