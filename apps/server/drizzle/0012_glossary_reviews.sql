CREATE TABLE "glossary_reviews" (
	"user_id" uuid NOT NULL,
	"word_id" uuid NOT NULL,
	"card" jsonb NOT NULL,
	"due" timestamp (3) with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "glossary_reviews_user_id_word_id_pk" PRIMARY KEY("user_id","word_id")
);
--> statement-breakpoint
ALTER TABLE "glossary_reviews" ADD CONSTRAINT "glossary_reviews_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "glossary_reviews" ADD CONSTRAINT "glossary_reviews_word_id_glossary_words_id_fk" FOREIGN KEY ("word_id") REFERENCES "public"."glossary_words"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "glossary_reviews_due_idx" ON "glossary_reviews" USING btree ("user_id","due");