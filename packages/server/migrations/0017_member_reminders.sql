CREATE TABLE "member_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"profile_id" uuid NOT NULL,
	"reminded_on" date NOT NULL,
	"sent_by_user_id" uuid,
	"sent_by_profile_id" uuid,
	"mail_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_reminders" ADD CONSTRAINT "member_reminders_profile_id_profiles_id_fk" FOREIGN KEY ("profile_id") REFERENCES "public"."profiles"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "member_reminders_org_profile_day_uq" ON "member_reminders" USING btree ("organization_id","profile_id","reminded_on");--> statement-breakpoint
CREATE INDEX "member_reminders_org_created_idx" ON "member_reminders" USING btree ("organization_id","created_at");