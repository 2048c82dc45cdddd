CREATE TABLE "live_scan_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"state" text NOT NULL,
	"name" text NOT NULL,
	"request_form_url" text,
	"locations_url" text,
	"ori" text NOT NULL,
	"agency_name" text NOT NULL,
	"agency_address" text,
	"mail_code" text,
	"level_of_service" text,
	"type_of_applicant" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "us_soccer_license_checks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"ussf_id" text NOT NULL,
	"provider" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"match" text NOT NULL,
	"record_name" text,
	"record_date_of_birth" date,
	"licenses" jsonb NOT NULL,
	"satisfied_code" text,
	"checked_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "live_scan_locations" ADD CONSTRAINT "live_scan_locations_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_soccer_license_checks" ADD CONSTRAINT "us_soccer_license_checks_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "us_soccer_license_checks" ADD CONSTRAINT "us_soccer_license_checks_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "live_scan_locations_org_state_idx" ON "live_scan_locations" USING btree ("organization_id","state");--> statement-breakpoint
CREATE UNIQUE INDEX "us_soccer_license_checks_requirement_uq" ON "us_soccer_license_checks" USING btree ("member_requirement_id");