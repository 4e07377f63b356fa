-- Trace reports (spec calls §7.3 /v1/netstat/player/logger, "Trace report: event, message, source,
-- lineno, colno, href, created, only for certain site codes, not for resources loaded under
-- 3000 ms"): the script errors and slow resources a lobby page saw, kept for the sites whose
-- sysInfo document turns `traceReport` on. docs/hall-protocol.md, "Trace reports", has the rules:
-- the field limits (checked before a row is written, repeated here as the table's own guard) and
-- the rate limits per address and per device, counted on this table's rows.
CREATE TABLE trace_reports (
  id          bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  site_code   text NOT NULL REFERENCES sites (code) ON DELETE CASCADE,
  -- 'error' (a script error), 'unhandledrejection' (a promise rejected unhandled), 'resource' (a
  -- resource that took 3000 ms or more to load).
  event       text NOT NULL CHECK (char_length(event) BETWEEN 1 AND 32),
  message     text NOT NULL CHECK (char_length(message) <= 1000),
  source      text NOT NULL CHECK (char_length(source) <= 2048),
  lineno      integer NOT NULL CHECK (lineno >= 0),
  colno       integer NOT NULL CHECK (colno >= 0),
  href        text NOT NULL CHECK (char_length(href) <= 2048),
  -- The lobby's own time of the report, as it sent it ('YYYY-MM-DD HH:mm:ss', UTC).
  created     text NOT NULL,
  -- Who sent it: the signed-in player (NULL for a visitor), the address and the device fingerprint.
  player_id   bigint REFERENCES players (id) ON DELETE SET NULL,
  ip          text NOT NULL DEFAULT '',
  device      text NOT NULL DEFAULT '',
  received_at timestamptz NOT NULL
);

CREATE INDEX trace_reports_site ON trace_reports (site_code, received_at DESC);
CREATE INDEX trace_reports_player ON trace_reports (player_id, received_at DESC);
CREATE INDEX trace_reports_ip ON trace_reports (site_code, ip, received_at);
CREATE INDEX trace_reports_device ON trace_reports (site_code, device, received_at);
