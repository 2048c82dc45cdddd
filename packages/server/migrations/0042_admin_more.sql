ALTER TABLE "support_sessions" ADD COLUMN "admin_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "support_sessions" ADD COLUMN "ended_by_user_id" uuid;--> statement-breakpoint
CREATE TABLE "support_incident_grants" (
	"organization_id" uuid PRIMARY KEY NOT NULL,
	"granted_by_user_id" uuid NOT NULL,
	"granted_by_profile_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "support_incident_grants" ADD CONSTRAINT "support_incident_grants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;
