-- Company invitations (issue 30, PRODUCT.md "Companies").
--
-- A company admin invites a buyer by e-mail: the link's token is kept only as its SHA-256 hash
-- (token_hash), works until expires_at (7 days, the contract's INVITATION_TTL_DAYS) and once
-- (accepted_at is set by the one statement that accepts it).
CREATE TABLE "company_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"email" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" text,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_invitations_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_invited_by_user_id_fk" FOREIGN KEY ("invited_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_invitations" ADD CONSTRAINT "company_invitations_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_invitations_company_idx" ON "company_invitations" USING btree ("company_id","created_at");
--> statement-breakpoint
-- A company's tax number is checked like a person's (issue 29's VIES check) when a shop admin
-- sets it: its country and status ('valid' | 'invalid' | 'unverified'); a member's tax decision
-- uses it instead of their own number.
ALTER TABLE "companies" ADD COLUMN "tax_id_country" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "tax_id_status" text;--> statement-breakpoint
ALTER TABLE "companies" ADD CONSTRAINT "companies_tax_id_status" CHECK ("companies"."tax_id_status" in ('valid', 'invalid', 'unverified'));
