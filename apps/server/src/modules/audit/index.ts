export { insertAuditEntries, insertAuditEntry, type AuditEntry } from './audit.repository.ts';
