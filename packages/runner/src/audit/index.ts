// The reward audit: exploit policies and gates (re-exported from the package's public API).
export {
  AUDIT_GATES,
  runAudit,
  evaluateGates,
  formatAuditTable,
  requestObeysInjection,
  type AuditOptions,
  type AuditReport,
  type GateResult,
  type PolicyStats,
} from './run-audit';
export {
  EXPLOIT_POLICIES,
  type AuditPolicy,
  type PolicyKind,
  type PolicyContext,
} from './policies';
export * from './edits';
