CREATE TABLE "yardstik_onboardings" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"info" jsonb NOT NULL,
	"status" text NOT NULL,
	"vendor_account_id" text,
	"vendor_account_status" text,
	"submitted_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"updated_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "yardstik_onboardings" ADD CONSTRAINT "yardstik_onboardings_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;