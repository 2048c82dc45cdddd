ALTER TABLE "training_enrollments" ADD COLUMN "retake_after" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "training_enrollments" ADD COLUMN "attempt" integer DEFAULT 1 NOT NULL;