CREATE TABLE "activity_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "activity_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"assignment_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"session_id" uuid NOT NULL,
	"batch_seq" integer NOT NULL,
	"idx" integer NOT NULL,
	"type" text NOT NULL,
	"payload" jsonb NOT NULL,
	"client_at" integer NOT NULL,
	"time" timestamp with time zone NOT NULL,
	"stored_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity_events" ADD CONSTRAINT "activity_events_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "activity_events_batch_key" ON "activity_events" USING btree ("student_id","session_id","batch_seq","idx");--> statement-breakpoint
CREATE INDEX "activity_events_history_idx" ON "activity_events" USING btree ("assignment_id","student_id","id");--> statement-breakpoint
CREATE INDEX "activity_events_stored_idx" ON "activity_events" USING btree ("stored_at");