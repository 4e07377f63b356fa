import type { Schema } from 'effect'

/**
 * The annotation key that marks a field as secret (passwords, tokens, session keys, user keys,
 * verification codes, CPF numbers). The session recorder and the hall's logs redact every field
 * carrying it, so a recorded session or a log line can be shared with support without leaking
 * credentials. It lives on the schema, next to the field, so a new secret cannot be forgotten
 * in a separate redaction list.
 */
export const SENSITIVE_ANNOTATION = 'lobby/sensitive'

/**
 * Marks a field schema as sensitive (see SENSITIVE_ANNOTATION). The type of the schema is
 * unchanged; only its annotations grow, so decoders and types are unaffected.
 */
export const Sensitive = <S extends Schema.Top>(s: S): S['Rebuild'] =>
  s.annotate({ [SENSITIVE_ANNOTATION]: true })
