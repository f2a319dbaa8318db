-- HubSpot webhook events already queued, so a delivery HubSpot sends again is handled once. HubSpot does not promise an
-- eventId is unique, so an event is the id with its subscription type and object (or association pair) within the portal.
CREATE TABLE "hubspot_webhook_events" (
	"portal_id" bigint NOT NULL,
	"event_id" bigint NOT NULL,
	"subscription_type" text NOT NULL,
	"object_key" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "hubspot_webhook_events_pk" PRIMARY KEY("portal_id","event_id","subscription_type","object_key")
);
--> statement-breakpoint
CREATE INDEX "hubspot_webhook_events_received_idx" ON "hubspot_webhook_events" USING btree ("received_at");
