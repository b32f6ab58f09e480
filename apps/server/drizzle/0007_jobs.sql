CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"state" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 10 NOT NULL,
	"locked_until" timestamp with time zone,
	"last_error" text,
	"singleton_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "state" text DEFAULT 'queued' NOT NULL;--> statement-breakpoint
ALTER TABLE "email_outbox" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "jobs_due_idx" ON "jobs" USING btree ("state","run_at");--> statement-breakpoint
CREATE UNIQUE INDEX "jobs_singleton_idx" ON "jobs" USING btree ("singleton_key") WHERE "jobs"."state" in ('queued', 'running');--> statement-breakpoint
UPDATE "email_outbox" SET "state" = CASE WHEN "sent_at" IS NOT NULL THEN 'sent' WHEN "transport" = 'outbox' THEN 'kept' ELSE 'failed' END;
