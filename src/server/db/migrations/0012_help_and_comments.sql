CREATE TABLE "code_comments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"author_id" text NOT NULL,
	"student_id" text NOT NULL,
	"assignment_id" uuid NOT NULL,
	"submission_id" uuid,
	"help_request_id" uuid,
	"line" integer NOT NULL,
	"code" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "code_comments_line_check" CHECK ("code_comments"."line" >= 1)
);
--> statement-breakpoint
CREATE TABLE "help_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"assignment_id" uuid NOT NULL,
	"student_id" text NOT NULL,
	"question" text DEFAULT '' NOT NULL,
	"code" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"answer" text,
	"answered_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"answered_at" timestamp with time zone,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "help_requests_status_check" CHECK ("help_requests"."status" in ('open', 'answered', 'resolved', 'withdrawn'))
);
--> statement-breakpoint
ALTER TABLE "code_comments" ADD CONSTRAINT "code_comments_author_id_user_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_comments" ADD CONSTRAINT "code_comments_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_comments" ADD CONSTRAINT "code_comments_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_comments" ADD CONSTRAINT "code_comments_submission_id_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "code_comments" ADD CONSTRAINT "code_comments_help_request_id_help_requests_id_fk" FOREIGN KEY ("help_request_id") REFERENCES "public"."help_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_assignment_id_assignments_id_fk" FOREIGN KEY ("assignment_id") REFERENCES "public"."assignments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_student_id_user_id_fk" FOREIGN KEY ("student_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "help_requests" ADD CONSTRAINT "help_requests_answered_by_user_id_fk" FOREIGN KEY ("answered_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "code_comments_work_idx" ON "code_comments" USING btree ("assignment_id","student_id","created_at");--> statement-breakpoint
CREATE INDEX "code_comments_submission_idx" ON "code_comments" USING btree ("submission_id");--> statement-breakpoint
CREATE INDEX "code_comments_help_idx" ON "code_comments" USING btree ("help_request_id");--> statement-breakpoint
CREATE UNIQUE INDEX "help_requests_one_open_idx" ON "help_requests" USING btree ("student_id") WHERE "help_requests"."status" = 'open';--> statement-breakpoint
CREATE INDEX "help_requests_class_idx" ON "help_requests" USING btree ("class_id","status","created_at");--> statement-breakpoint
CREATE INDEX "help_requests_student_idx" ON "help_requests" USING btree ("student_id","assignment_id","created_at");