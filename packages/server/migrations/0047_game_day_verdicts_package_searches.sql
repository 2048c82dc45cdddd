ALTER TABLE "screening_orders" ADD COLUMN "package_searches" jsonb;--> statement-breakpoint
ALTER TABLE "game_day_check_ins" ADD COLUMN "verdict_seq" integer;--> statement-breakpoint
UPDATE "game_day_check_ins" AS c SET "verdict_seq" = n."seq"
FROM (
  SELECT "organization_id", "id", row_number() OVER (
    PARTITION BY "organization_id", "hierarchy_level_id", "game_on", "profile_level_access_id"
    ORDER BY "scanned_at", "created_at", "id"
  ) AS "seq"
  FROM "game_day_check_ins"
  WHERE "profile_level_access_id" IS NOT NULL
) AS n
WHERE c."organization_id" = n."organization_id" AND c."id" = n."id";--> statement-breakpoint
CREATE UNIQUE INDEX "game_day_check_ins_verdict_uq" ON "game_day_check_ins" USING btree ("organization_id","hierarchy_level_id","game_on","profile_level_access_id","verdict_seq");
