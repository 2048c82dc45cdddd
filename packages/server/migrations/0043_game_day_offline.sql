ALTER TABLE "game_day_keys" ADD COLUMN "sealed_private_key" text;--> statement-breakpoint
ALTER TABLE "game_day_keys" ALTER COLUMN "private_jwk" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "labels" ADD COLUMN "checks_members_in" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "labels" SET "checks_members_in" = true WHERE lower(trim("name")) IN ('coach', 'assistant coach', 'head coach', 'referee', 'field marshal');
