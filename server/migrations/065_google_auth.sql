-- Google Authenticator (screens §4 bind flow; calls §7.2 bindgoogleauth): the player's TOTP
-- secret (RFC 6238, base32) once bound. While a binding is pending, its secret waits in
-- security_codes (purpose googleAuth) for the first code the authenticator app shows.
ALTER TABLE players ADD COLUMN google_auth_secret text;
