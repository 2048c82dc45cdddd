ALTER TABLE "credential_shares" ADD COLUMN "revoked_reason" text;--> statement-breakpoint
ALTER TABLE "received_credentials" ADD COLUMN "revoked_reason" text;