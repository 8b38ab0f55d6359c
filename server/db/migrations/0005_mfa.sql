CREATE TABLE "identity_data_keys" (
	"pool_id" text PRIMARY KEY NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "identity_devices" (
	"device_key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"group_key" text NOT NULL,
	"name" text,
	"srp_salt" text,
	"srp_verifier" text,
	"remembered" boolean DEFAULT false NOT NULL,
	"last_ip" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"last_authenticated_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "mfa_policy" text DEFAULT 'optional' NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_auth_sessions" ADD COLUMN "device_key" text;--> statement-breakpoint
ALTER TABLE "identity_auth_sessions" ADD COLUMN "stage" text;--> statement-breakpoint
ALTER TABLE "identity_auth_sessions" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_pending_secret" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_enabled" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_preferred" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_name" text;--> statement-breakpoint
ALTER TABLE "identity_users" ADD COLUMN "totp_last_step" integer;--> statement-breakpoint
ALTER TABLE "identity_devices" ADD CONSTRAINT "identity_devices_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "identity_devices_user_idx" ON "identity_devices" USING btree ("user_id","created_at");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_mfa_policy_check" CHECK ("accounts"."mfa_policy" in ('off', 'optional', 'required'));