CREATE TABLE "screening_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_level_access_id" uuid,
	"vendor" text NOT NULL,
	"vendor_candidate_id" text NOT NULL,
	"vendor_report_id" text NOT NULL,
	"package_id" text NOT NULL,
	"status" text NOT NULL,
	"vendor_status" text NOT NULL,
	"apply_url" text,
	"completed_at" timestamp with time zone,
	"vendor_checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "webhook_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"object_type" text NOT NULL,
	"object_id" text NOT NULL,
	"organization_id" uuid,
	"raw_body" text NOT NULL,
	"state" text DEFAULT 'received' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"occurred_at" timestamp with time zone,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "screening_orders" ADD CONSTRAINT "screening_orders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "screening_orders" ADD CONSTRAINT "screening_orders_profile_level_access_id_profile_level_accesses_id_fk" FOREIGN KEY ("profile_level_access_id") REFERENCES "public"."profile_level_accesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webhook_events" ADD CONSTRAINT "webhook_events_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "screening_orders_vendor_report_idx" ON "screening_orders" USING btree ("vendor","vendor_report_id");--> statement-breakpoint
CREATE INDEX "screening_orders_org_created_idx" ON "screening_orders" USING btree ("organization_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "webhook_events_provider_event_idx" ON "webhook_events" USING btree ("provider","event_id");--> statement-breakpoint
CREATE INDEX "webhook_events_received_idx" ON "webhook_events" USING btree ("received_at" DESC NULLS LAST);