CREATE TABLE "identity_authorization_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"client_id" text NOT NULL,
	"redirect_uri" text NOT NULL,
	"code_challenge" text NOT NULL,
	"state" text NOT NULL,
	"nonce" text,
	"scope" text NOT NULL,
	"partner_site" text NOT NULL,
	"partner_member_id" text NOT NULL,
	"user_id" uuid,
	"code_hash" text,
	"revoked_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"approved_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "identity_authorization_requests" ADD CONSTRAINT "identity_authorization_requests_user_id_identity_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."identity_users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "identity_authorization_requests_code_uq" ON "identity_authorization_requests" USING btree ("code_hash");
--> statement-breakpoint
CREATE INDEX "identity_authorization_requests_expires_idx" ON "identity_authorization_requests" USING btree ("expires_at");
