// What other features use of the audit log: one call to record what they did (decision 061).
export { type AuditRecord, recordAudit } from "./audit.service.ts";
