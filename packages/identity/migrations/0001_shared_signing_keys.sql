CREATE TABLE "identity_signing_keys" (
	"kid" text PRIMARY KEY NOT NULL,
	"generation" integer NOT NULL,
	"alg" text NOT NULL,
	"public_jwk" jsonb NOT NULL,
	"encrypted_private_key" text NOT NULL,
	"activates_at" timestamp with time zone NOT NULL,
	"retired_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_signing_keys_generation_uq" ON "identity_signing_keys" USING btree ("generation");