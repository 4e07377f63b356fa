/**
 * The sensitive marking of call fields is the one of schemas/sensitive.ts: the recorder, the
 * hall's logs and the redaction property test all read that single annotation.
 */
export { Sensitive, SENSITIVE_KEY as SENSITIVE_ANNOTATION } from '../../sensitive'
