/**
 * The 'send diagnostics' entry. The feedback page and the settings page mount
 * `<SendDiagnostics from="feedback" />` / `<SendDiagnostics from="settings" />`.
 */
export { SendDiagnostics } from './SendDiagnostics'
export { useDiagnosticsStatus, type DiagnosticsStatus } from './diagnostics-status'
