ALTER TABLE "stored_files" ADD COLUMN "encryption_key_id" text;--> statement-breakpoint
CREATE INDEX "verifications_vendor_session_idx" ON "verifications" USING btree ("vendor_session_id") WHERE "verifications"."vendor_session_id" is not null;
