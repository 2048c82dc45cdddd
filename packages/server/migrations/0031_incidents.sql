CREATE TABLE "incident_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"file_id" uuid NOT NULL,
	"uploaded_by_profile_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"archived_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "incident_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"actor_user_id" uuid,
	"actor_profile_id" uuid,
	"actor_name" text NOT NULL,
	"action" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text,
	"seq" bigserial NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_people" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"incident_id" uuid NOT NULL,
	"profile_id" uuid,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_settings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"access_roles" text[] DEFAULT array['Admin','Director']::text[] NOT NULL,
	"triage_hours" integer DEFAULT 24 NOT NULL,
	"guardian_notice_types" text[],
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incident_types" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"removes_from_play" boolean DEFAULT false NOT NULL,
	"mandatory_reporting" boolean DEFAULT false NOT NULL,
	"notifies_guardian" boolean DEFAULT false NOT NULL,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"hierarchy_level_id" uuid NOT NULL,
	"level_path" text NOT NULL,
	"type_code" text NOT NULL,
	"type_name" text NOT NULL,
	"type_description" text NOT NULL,
	"mandatory_reporting" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'Reported' NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"venue" text,
	"what_happened" text NOT NULL,
	"action_taken" text,
	"reported_by_profile_id" uuid NOT NULL,
	"reported_by_user_id" uuid NOT NULL,
	"assignee_profile_id" uuid,
	"triage_due_at" timestamp with time zone NOT NULL,
	"mandatory_report_due_at" timestamp with time zone,
	"authorities_reported_at" timestamp with time zone,
	"authorities_reported_to" text,
	"safesport_reported_at" timestamp with time zone,
	"safesport_reference" text,
	"archived_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "member_conditions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"incident_id" uuid,
	"kind" text NOT NULL,
	"title" text NOT NULL,
	"details" text,
	"restricts_play" boolean NOT NULL,
	"visibility" text NOT NULL,
	"lifted_by" text NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"set_by_profile_id" uuid,
	"set_by_name" text,
	"until" date,
	"clearance_file_id" uuid,
	"clearance_submitted_at" timestamp with time zone,
	"lifted_at" timestamp with time zone,
	"lifted_by_name" text,
	"lift_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "incident_documents" ADD CONSTRAINT "incident_documents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_documents" ADD CONSTRAINT "incident_documents_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_documents" ADD CONSTRAINT "incident_documents_file_id_stored_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_documents" ADD CONSTRAINT "incident_documents_uploaded_by_profile_id_profiles_id_fk" FOREIGN KEY ("uploaded_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_history" ADD CONSTRAINT "incident_history_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_history" ADD CONSTRAINT "incident_history_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_people" ADD CONSTRAINT "incident_people_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_people" ADD CONSTRAINT "incident_people_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_people" ADD CONSTRAINT "incident_people_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_settings" ADD CONSTRAINT "incident_settings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incident_types" ADD CONSTRAINT "incident_types_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_hierarchy_level_id_hierarchy_levels_id_fk" FOREIGN KEY ("hierarchy_level_id") REFERENCES "public"."hierarchy_levels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_reported_by_profile_id_profiles_id_fk" FOREIGN KEY ("reported_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "incidents" ADD CONSTRAINT "incidents_assignee_profile_id_profiles_id_fk" FOREIGN KEY ("assignee_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_conditions" ADD CONSTRAINT "member_conditions_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_conditions" ADD CONSTRAINT "member_conditions_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_conditions" ADD CONSTRAINT "member_conditions_incident_id_incidents_id_fk" FOREIGN KEY ("incident_id") REFERENCES "public"."incidents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_conditions" ADD CONSTRAINT "member_conditions_set_by_profile_id_profiles_id_fk" FOREIGN KEY ("set_by_profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_conditions" ADD CONSTRAINT "member_conditions_clearance_file_id_stored_files_id_fk" FOREIGN KEY ("clearance_file_id") REFERENCES "public"."stored_files"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "incident_documents_org_incident_idx" ON "incident_documents" USING btree ("organization_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_history_org_incident_idx" ON "incident_history" USING btree ("organization_id","incident_id","seq");--> statement-breakpoint
CREATE INDEX "incident_people_org_incident_idx" ON "incident_people" USING btree ("organization_id","incident_id");--> statement-breakpoint
CREATE INDEX "incident_people_org_profile_idx" ON "incident_people" USING btree ("organization_id","profile_id");--> statement-breakpoint
CREATE INDEX "incident_types_org_code_idx" ON "incident_types" USING btree ("organization_id","code");--> statement-breakpoint
CREATE INDEX "incidents_org_path_idx" ON "incidents" USING btree ("organization_id","level_path");--> statement-breakpoint
CREATE INDEX "incidents_org_reporter_idx" ON "incidents" USING btree ("organization_id","reported_by_profile_id");--> statement-breakpoint
CREATE INDEX "member_conditions_org_profile_idx" ON "member_conditions" USING btree ("organization_id","profile_id");--> statement-breakpoint
-- The incident history is never rewritten (ADR 040): edits are new entries, so update and delete are refused.
CREATE OR REPLACE FUNCTION touchline_incident_history_append_only() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'incident_history is append-only';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER incident_history_append_only BEFORE UPDATE OR DELETE ON "incident_history"
  FOR EACH ROW EXECUTE FUNCTION touchline_incident_history_append_only();
