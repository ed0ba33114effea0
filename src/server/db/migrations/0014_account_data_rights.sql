CREATE TABLE "account_deletions" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'requested' NOT NULL,
	"token_hash" text,
	"requested_at" timestamp with time zone NOT NULL,
	"link_expires_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone,
	"due_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "account_deletions_status_check" CHECK ("account_deletions"."status" in ('requested', 'scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE TABLE "data_exports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"status" text DEFAULT 'preparing' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ready_at" timestamp with time zone,
	"expires_at" timestamp with time zone NOT NULL,
	"size_bytes" integer,
	"content" "bytea",
	CONSTRAINT "data_exports_status_check" CHECK ("data_exports"."status" in ('preparing', 'ready', 'failed'))
);
--> statement-breakpoint
ALTER TABLE "account_deletions" ADD CONSTRAINT "account_deletions_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "data_exports" ADD CONSTRAINT "data_exports_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "account_deletions_token_idx" ON "account_deletions" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_deletions_due_idx" ON "account_deletions" USING btree ("due_at") WHERE "account_deletions"."status" = 'scheduled';--> statement-breakpoint
CREATE INDEX "data_exports_user_idx" ON "data_exports" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "data_exports_expires_idx" ON "data_exports" USING btree ("expires_at");