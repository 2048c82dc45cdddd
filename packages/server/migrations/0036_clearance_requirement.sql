ALTER TABLE "incident_settings" ADD COLUMN "clearance_definition_id" uuid;--> statement-breakpoint
ALTER TABLE "incident_settings" ADD CONSTRAINT "incident_settings_clearance_definition_id_requirement_definitions_id_fk" FOREIGN KEY ("clearance_definition_id") REFERENCES "public"."requirement_definitions"("id") ON DELETE no action ON UPDATE no action;
