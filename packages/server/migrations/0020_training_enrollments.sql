CREATE TABLE "training_enrollments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"organization_id" uuid NOT NULL,
	"member_requirement_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"sandbox" boolean DEFAULT false NOT NULL,
	"course_id" text NOT NULL,
	"learner_id" text,
	"state" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"enrolled_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"certificate_id" text,
	"certificate_file_id" uuid,
	"checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "training_enrollments" ADD CONSTRAINT "training_enrollments_organization_id_organizations_id_fk" FOREIGN KEY ("organization_id") REFERENCES "public"."organizations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "training_enrollments" ADD CONSTRAINT "training_enrollments_member_requirement_id_member_requirements_id_fk" FOREIGN KEY ("member_requirement_id") REFERENCES "public"."member_requirements"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "training_enrollments_requirement_uq" ON "training_enrollments" USING btree ("member_requirement_id");--> statement-breakpoint
CREATE INDEX "training_enrollments_learner_idx" ON "training_enrollments" USING btree ("provider","learner_id","course_id");