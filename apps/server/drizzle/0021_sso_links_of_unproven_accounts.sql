-- Issue 32 (decision 0038): before it, a school's sign-on linked any account holding the address
-- it asserted, confirmed or not, staff included. Links to staff are removed (the provider no
-- longer signs staff in). An account linked while its address was unconfirmed may be someone's
-- who registered the address before its owner: the school has now proven the address, so the
-- account is marked confirmed, loses its password (its addresses sign in through the school
-- only) and every session ends, the registrant's included.
DELETE FROM "user_identities" WHERE "user_id" IN (SELECT "id" FROM "users" WHERE "role" <> 'learner');--> statement-breakpoint
UPDATE "refresh_tokens" SET "revoked_at" = now()
  WHERE "revoked_at" IS NULL AND "user_id" IN (SELECT u."id" FROM "users" u WHERE NOT u."is_verified" AND EXISTS (SELECT 1 FROM "user_identities" i WHERE i."user_id" = u."id"));--> statement-breakpoint
INSERT INTO "session_revocations" ("user_id", "family_id", "revoked_at")
  SELECT u."id", NULL, now() FROM "users" u WHERE NOT u."is_verified" AND EXISTS (SELECT 1 FROM "user_identities" i WHERE i."user_id" = u."id");--> statement-breakpoint
UPDATE "users" SET "password_hash" = NULL, "is_verified" = true, "updated_at" = now()
  WHERE "id" IN (SELECT u."id" FROM "users" u WHERE NOT u."is_verified" AND EXISTS (SELECT 1 FROM "user_identities" i WHERE i."user_id" = u."id"));
