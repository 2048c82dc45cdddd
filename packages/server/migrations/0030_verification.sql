CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"requirement_type" smallint NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"proof_type" text,
	"stated_date_of_birth" date,
	"stated_grade" smallint,
	"reading" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"compared_with" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"sharpness" real DEFAULT 0 NOT NULL,
	"proof_file_id" uuid,
	"vendor_session_id" text,
	"decided_at" timestamp with time zone,
	"images_delete_after" timestamp with time zone,
	"images_deleted_at" timestamp with time zone,
	"created_by_user_id" uuid,
	"superseded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verifications" ADD CONSTRAINT "verifications_proof_file_id_stored_files_id_fk" FOREIGN KEY ("proof_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "verifications_org_requirement_idx" ON "verifications" USING btree ("organization_id","member_requirement_id","created_at");--> statement-breakpoint
CREATE INDEX "verifications_images_delete_after_idx" ON "verifications" USING btree ("images_delete_after") WHERE "verifications"."images_deleted_at" is null and "verifications"."proof_file_id" is not null;