ALTER TABLE "partner_registrations" ADD COLUMN "guardian_profile_level_access_id" uuid;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD COLUMN "guardian_access_made" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD COLUMN "guardian_prefill" jsonb;--> statement-breakpoint
ALTER TABLE "partner_registrations" ADD CONSTRAINT "partner_registrations_guardian_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("guardian_profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "partner_registrations_guardian_access_idx" ON "partner_registrations" USING btree ("guardian_profile_level_access_id");