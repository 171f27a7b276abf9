-- Draggable campaign items (campaign.buttons of the site document) are stored in campaign_items
-- (0001); the site read loads them per campaign and the click call finds them by id and campaign.
CREATE INDEX IF NOT EXISTS campaign_items_campaign ON campaign_items (campaign_id);
