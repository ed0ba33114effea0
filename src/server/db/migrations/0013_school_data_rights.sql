CREATE TABLE "account_sign_ins" (
	"user_id" text PRIMARY KEY NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	"inactivity_warned_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_log_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_id" text,
	"action" text NOT NULL,
	"target_type" text,
	"target_id" text,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "class_transfers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"class_id" uuid NOT NULL,
	"from_user_id" text NOT NULL,
	"to_user_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"responded_at" timestamp with time zone,
	CONSTRAINT "class_transfers_status_check" CHECK ("class_transfers"."status" in ('pending', 'accepted', 'declined', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "retention_policy" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"activity_days" integer,
	"class_work_years" integer DEFAULT 2 NOT NULL,
	"inactive_account_months" integer DEFAULT 24 NOT NULL,
	"inactive_grace_days" integer DEFAULT 30 NOT NULL,
	"export_days" integer DEFAULT 7 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_by" text,
	CONSTRAINT "retention_policy_one_row" CHECK ("retention_policy"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "user_privacy" (
	"user_id" text PRIMARY KEY NOT NULL,
	"show_email_to_students" boolean DEFAULT true NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_sign_ins" ADD CONSTRAINT "account_sign_ins_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_transfers" ADD CONSTRAINT "class_transfers_class_id_classes_id_fk" FOREIGN KEY ("class_id") REFERENCES "public"."classes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_transfers" ADD CONSTRAINT "class_transfers_from_user_id_user_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "class_transfers" ADD CONSTRAINT "class_transfers_to_user_id_user_id_fk" FOREIGN KEY ("to_user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_privacy" ADD CONSTRAINT "user_privacy_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_log_at_idx" ON "audit_log" USING btree ("at","id");--> statement-breakpoint
CREATE UNIQUE INDEX "class_transfers_one_pending_idx" ON "class_transfers" USING btree ("class_id") WHERE "class_transfers"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "class_transfers_to_idx" ON "class_transfers" USING btree ("to_user_id","status");--> statement-breakpoint
CREATE INDEX "class_transfers_from_idx" ON "class_transfers" USING btree ("from_user_id","status");