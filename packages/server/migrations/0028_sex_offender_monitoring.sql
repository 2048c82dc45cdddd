CREATE TABLE "screening_monitors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"vendor" text NOT NULL,
	"vendor_account" text,
	"vendor_candidate_id" text,
	"vendor_monitor_id" text,
	"package_id" text,
	"status" text NOT NULL,
	"vendor_status" text,
	"consent_submission_id" uuid,
	"end_reason" text,
	"last_error" text,
	"enrolled_at" timestamp with time zone,
	"deactivated_at" timestamp with time zone,
	"vendor_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "screening_orders" ADD COLUMN "monitor_id" uuid;--> statement-breakpoint
ALTER TABLE "screening_monitors" ADD CONSTRAINT "screening_monitors_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_monitors" ADD CONSTRAINT "screening_monitors_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_monitors_requirement_uq" ON "screening_monitors" USING btree ("member_requirement_id");--> statement-breakpoint
CREATE INDEX "screening_monitors_vendor_monitor_idx" ON "screening_monitors" USING btree ("vendor","vendor_monitor_id");--> statement-breakpoint
CREATE INDEX "screening_monitors_vendor_candidate_idx" ON "screening_monitors" USING btree ("vendor","vendor_candidate_id");--> statement-breakpoint
CREATE INDEX "screening_monitors_status_idx" ON "screening_monitors" USING btree ("status","vendor_checked_at");