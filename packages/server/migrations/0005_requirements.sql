CREATE TABLE "content_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"hierarchy_level_id" uuid NOT NULL,
	"label_id" uuid NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "form_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"fields" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_requirements" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"definition_id" uuid NOT NULL,
	"profile_level_access_id" uuid,
	"active" boolean DEFAULT true NOT NULL,
	"status" smallint DEFAULT 0 NOT NULL,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"due_date" date,
	"completed_at" timestamp with time zone,
	"expires_at" date,
	"pending_review" boolean DEFAULT false NOT NULL,
	"review_outcome" smallint,
	"waiting_on" smallint,
	"rejected_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"next_reminder_on" date,
	"status_evaluated_on" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_definitions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"type" smallint NOT NULL,
	"name" text NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"is_optional" boolean DEFAULT false NOT NULL,
	"validity_mode" text DEFAULT 'None' NOT NULL,
	"validity_days" integer,
	"annual_renewal_date" text,
	"due_date" date,
	"due_in_days" integer,
	"expiring_soon_days" integer DEFAULT 30 NOT NULL,
	"reminder_frequency" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "requirement_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"action" text NOT NULL,
	"from_status" smallint,
	"to_status" smallint,
	"actor_user_id" uuid,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "requirement_files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"stored_file_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "requirement_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"superseded_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "content_assignments" ADD CONSTRAINT "content_assignments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_assignments" ADD CONSTRAINT "content_assignments_definition_id_requirement_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."requirement_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_assignments" ADD CONSTRAINT "content_assignments_hierarchy_level_id_hierarchy_levels_id_fk" FOREIGN KEY ("hierarchy_level_id") REFERENCES "public"."hierarchy_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content_assignments" ADD CONSTRAINT "content_assignments_label_id_labels_id_fk" FOREIGN KEY ("label_id") REFERENCES "public"."labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "form_versions" ADD CONSTRAINT "form_versions_definition_id_requirement_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."requirement_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requirements" ADD CONSTRAINT "member_requirements_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requirements" ADD CONSTRAINT "member_requirements_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requirements" ADD CONSTRAINT "member_requirements_definition_id_requirement_definitions_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."requirement_definitions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_requirements" ADD CONSTRAINT "member_requirements_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_definitions" ADD CONSTRAINT "requirement_definitions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_events" ADD CONSTRAINT "requirement_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_events" ADD CONSTRAINT "requirement_events_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_files" ADD CONSTRAINT "requirement_files_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_files" ADD CONSTRAINT "requirement_files_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_files" ADD CONSTRAINT "requirement_files_stored_file_id_stored_files_id_fk" FOREIGN KEY ("stored_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_submissions" ADD CONSTRAINT "requirement_submissions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "requirement_submissions" ADD CONSTRAINT "requirement_submissions_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "content_assignments_org_definition_idx" ON "content_assignments" USING btree ("organization_id","definition_id");--> statement-breakpoint
CREATE INDEX "content_assignments_org_label_idx" ON "content_assignments" USING btree ("organization_id","label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "form_versions_org_definition_version_uq" ON "form_versions" USING btree ("organization_id","definition_id","version");--> statement-breakpoint
CREATE UNIQUE INDEX "member_requirements_org_profile_definition_uq" ON "member_requirements" USING btree ("organization_id","profile_id","definition_id");--> statement-breakpoint
CREATE INDEX "member_requirements_org_status_idx" ON "member_requirements" USING btree ("organization_id","status");--> statement-breakpoint
CREATE INDEX "member_requirements_org_definition_idx" ON "member_requirements" USING btree ("organization_id","definition_id");--> statement-breakpoint
CREATE INDEX "requirement_definitions_org_order_idx" ON "requirement_definitions" USING btree ("organization_id","sort_order");--> statement-breakpoint
CREATE INDEX "requirement_events_org_requirement_idx" ON "requirement_events" USING btree ("organization_id","member_requirement_id","created_at");--> statement-breakpoint
CREATE INDEX "requirement_files_org_requirement_idx" ON "requirement_files" USING btree ("organization_id","member_requirement_id");--> statement-breakpoint
CREATE INDEX "requirement_submissions_org_requirement_idx" ON "requirement_submissions" USING btree ("organization_id","member_requirement_id");