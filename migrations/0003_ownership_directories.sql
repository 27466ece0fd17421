CREATE TABLE "advisers" (
	"crd" bigint PRIMARY KEY NOT NULL,
	"cik" text,
	"legal_name" text NOT NULL,
	"business_name" text,
	"firm_type" text,
	"style_tier" text,
	"sec_registration_type" text,
	"sec_file_number" text,
	"ia_scope" text,
	"main_office_city" text,
	"main_office_state" text,
	"main_office_country" text,
	"main_office_phone" text,
	"website" text,
	"email_primary" text,
	"email_domain_matches_firm" boolean,
	"aum_total" double precision,
	"advises_private_funds" boolean,
	"has_hedge_funds" boolean,
	"has_pe_funds" boolean,
	"has_vc_funds" boolean,
	"adv_as_of" date,
	"profile" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_url" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "investors" (
	"record_id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text,
	"website" text,
	"domain" text,
	"investor_type" text,
	"location" text,
	"countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"stages" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"themes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"first_check" text,
	"lead" boolean,
	"reply_rate" double precision,
	"submit_method" text,
	"submit_url" text,
	"linkedin_company" text,
	"twitter" text,
	"who_we_are" text,
	"funding_requirements" text,
	"value_add" text,
	"as_of" date NOT NULL,
	"extra" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"source_url" text NOT NULL
);
--> statement-breakpoint
CREATE INDEX "advisers_name" ON "advisers" USING btree ("legal_name");--> statement-breakpoint
CREATE INDEX "advisers_cik" ON "advisers" USING btree ("cik");--> statement-breakpoint
CREATE INDEX "investors_name" ON "investors" USING btree ("name");