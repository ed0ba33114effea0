// What other features use of the audit log: one call to record what they did (decision 061), and
// the retention job's deletion of entries past the policy's period (decision 071).
export { type AuditRecord, deleteAuditBefore, recordAudit } from "./audit.service.ts";
