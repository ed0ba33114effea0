DROP INDEX "exercise_submissions_user_idx";--> statement-breakpoint
DROP INDEX "session_user_idx";--> statement-breakpoint
CREATE INDEX "exercise_submissions_user_idx" ON "exercise_submissions" USING btree ("user_id","submitted_at");--> statement-breakpoint
CREATE INDEX "session_user_idx" ON "session" USING btree ("user_id","created_at");