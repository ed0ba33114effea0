ALTER TABLE "activity_events" ALTER COLUMN "assignment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "activity_events" ADD COLUMN "exercise_id" uuid;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_exercise_id_exercises_id_fk" FOREIGN KEY ("exercise_id") REFERENCES "public"."exercises"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_events_exercise_idx" ON "activity_events" USING btree ("exercise_id","student_id","id") WHERE "activity_events"."exercise_id" is not null;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_one_work" CHECK (("activity_events"."assignment_id" is null) <> ("activity_events"."exercise_id" is null));