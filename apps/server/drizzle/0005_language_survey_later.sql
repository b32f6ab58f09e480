ALTER TABLE "users" ADD COLUMN "survey_later_until" date;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "language" text DEFAULT 'fr' NOT NULL;