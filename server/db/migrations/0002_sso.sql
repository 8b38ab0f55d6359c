CREATE TABLE "sso_stand_in_keys" (
	"issuer" text PRIMARY KEY NOT NULL,
	"private_jwk" jsonb NOT NULL,
	"cookie_secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
