ALTER TABLE "test_case_results" ADD COLUMN "drawing" jsonb;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "drawing_model" text;--> statement-breakpoint
ALTER TABLE "test_cases" ADD COLUMN "expected_drawing" jsonb;