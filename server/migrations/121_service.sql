-- Customer service (spec screens §2 /home/service, the customer-service menu entry; §3 customer
-- service: customerCode, customerName, customerUrl, openType; calls §7.9 /customer/staffallv2,
-- §7.3 /customer/getWebTrans; server/calls/service.ts).
--
-- A site's agents: the name, the embed markup an operator may give (customerCode, which the lobby
-- sanitizes), where the chat opens and how (open_type 1 in the lobby's modal iframe, otherwise a
-- new window), and whether the agent is online now. Only online agents are answered.
CREATE TABLE service_agents (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  name      text NOT NULL,
  code      text NOT NULL DEFAULT '',
  url       text NOT NULL,
  open_type smallint NOT NULL DEFAULT 1,
  online    boolean NOT NULL DEFAULT true,
  sort      int NOT NULL DEFAULT 0
);
CREATE INDEX service_agents_site ON service_agents (site_code, sort, id);

-- The common questions of the service page and their answers, per site and service language
-- (transName the question, transContent the answer).
CREATE TABLE service_questions (
  id        bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  lang      text NOT NULL,
  name      text NOT NULL,
  content   text NOT NULL,
  sort      int NOT NULL DEFAULT 0
);
CREATE INDEX service_questions_site_lang ON service_questions (site_code, lang, sort, id);
