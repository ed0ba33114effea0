ALTER TABLE "exercise_test_cases" ADD COLUMN "compare_drawing" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "exercise_test_cases" ADD COLUMN "expected_drawing" jsonb;