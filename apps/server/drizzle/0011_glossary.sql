CREATE TABLE "glossary_words" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"word" text NOT NULL,
	"translation" text NOT NULL,
	"definition" text NOT NULL,
	"example" text DEFAULT '' NOT NULL,
	"speciality" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_words_word_idx" ON "glossary_words" USING btree (lower("word"));