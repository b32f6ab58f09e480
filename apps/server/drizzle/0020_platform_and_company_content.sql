DROP INDEX "glossary_words_word_idx";--> statement-breakpoint
ALTER TABLE "glossary_words" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "webinars" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "glossary_words" ADD CONSTRAINT "glossary_words_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "webinars" ADD CONSTRAINT "webinars_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_words_company_word_idx" ON "glossary_words" USING btree ("company_id",lower("word")) WHERE "glossary_words"."company_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "glossary_words_word_idx" ON "glossary_words" USING btree (lower("word")) WHERE "glossary_words"."company_id" IS NULL;
