ALTER TABLE "exercises" ADD COLUMN "bank_id" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "bank_hash" text;--> statement-breakpoint
ALTER TABLE "exercises" ADD COLUMN "bank_skipped_hash" text;--> statement-breakpoint
-- Decision 044: category names are unique ignoring case and surrounding blanks. Names are stored
-- trimmed; categories already sharing a name are merged into the oldest one (created_at, then
-- id): their exercises move to it, the others are deleted. Nothing else refers to a category.
UPDATE "exercise_categories" SET "name" = btrim("name", E' \t\r\n') WHERE "name" <> btrim("name", E' \t\r\n');--> statement-breakpoint
WITH "ranked" AS (
  SELECT "id", first_value("id") OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS "keep"
  FROM "exercise_categories"
)
UPDATE "exercises" SET "category_id" = "ranked"."keep"
FROM "ranked" WHERE "exercises"."category_id" = "ranked"."id" AND "ranked"."id" <> "ranked"."keep";--> statement-breakpoint
DELETE FROM "exercise_categories" WHERE "id" IN (
  SELECT "id" FROM (
    SELECT "id", first_value("id") OVER (PARTITION BY lower("name") ORDER BY "created_at", "id") AS "keep"
    FROM "exercise_categories"
  ) AS "ranked" WHERE "id" <> "keep"
);--> statement-breakpoint
CREATE UNIQUE INDEX "exercise_categories_name_key" ON "exercise_categories" USING btree (lower(btrim("name")));--> statement-breakpoint
CREATE UNIQUE INDEX "exercises_bank_id_key" ON "exercises" USING btree ("bank_id");
