CREATE TABLE "background_check_client_grants" (
	"agency_id" text NOT NULL,
	"client_id" text NOT NULL,
	"organization_id" uuid NOT NULL,
	"granted_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "background_check_client_grants_agency_id_client_id_pk" PRIMARY KEY("agency_id","client_id")
);
--> statement-breakpoint
ALTER TABLE "background_check_client_grants" ADD CONSTRAINT "background_check_client_grants_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "background_check_client_grants_org_idx" ON "background_check_client_grants" USING btree ("organization_id");--> statement-breakpoint
-- Issue 34 (ADR 035): existing data checked. Each agency client an organization added (the deployment's own Yardstik
-- account aside) is granted to the organization that added it first; any later organization's use of the same client
-- is detached (its row removed, an audit event left in its own log), so nothing is ordered on a foreign account.
INSERT INTO "background_check_client_grants" ("agency_id", "client_id", "organization_id", "created_at")
SELECT DISTINCT ON ("agency_id", "client_id") "agency_id", "client_id", "organization_id", "created_at"
FROM "background_check_clients"
WHERE "agency_id" <> 'yardstik'
ORDER BY "agency_id", "client_id", "created_at", "id";
--> statement-breakpoint
INSERT INTO "audit_events" ("organization_id", "action", "entity_type", "entity_id", "data")
SELECT c."organization_id", 'background-check-client.detached', 'background_check_client', c."id",
  jsonb_build_object('agencyId', c."agency_id", 'clientId', c."client_id", 'reason',
    'This agency client belongs to another organization (ownership check, issue 34)')
FROM "background_check_clients" c
JOIN "background_check_client_grants" g ON g."agency_id" = c."agency_id" AND g."client_id" = c."client_id"
WHERE g."organization_id" <> c."organization_id";
--> statement-breakpoint
DELETE FROM "background_check_clients" c
USING "background_check_client_grants" g
WHERE g."agency_id" = c."agency_id" AND g."client_id" = c."client_id" AND g."organization_id" <> c."organization_id";
