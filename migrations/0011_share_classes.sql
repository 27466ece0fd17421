ALTER TABLE "market_caps" ADD COLUMN "share_class" text;--> statement-breakpoint
ALTER TABLE "shares_outstanding" ADD COLUMN "share_class" text;--> statement-breakpoint
ALTER TABLE "shares_outstanding" ADD COLUMN "symbol" text;