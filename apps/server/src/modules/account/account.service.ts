import type { Readable } from 'node:stream';
import type { FastifyBaseLogger } from 'fastify';
import type { AuditLogPage, AuditLogQuery } from '@grantleaf/shared/account.schema';
import type { FileStorage } from '../../adapters/storage/file-storage.ts';
import { zipStream } from '../../adapters/zip/zip-stream.ts';
import type { Db } from '../../db/client.ts';
import type { ExportSection } from '../contract.ts';
import { badRequest, notFound } from '../../errors.ts';
import { deleteCalendarTokensOf, deleteSharesTo } from '../applications/index.ts';
import { leaveAllOrganisations } from '../organisations/index.ts';
import {
  deleteSessionsOf,
  deriveAdminRights,
  keepAddressGuards,
  softDeleteUserRow,
  verifyPassword,
  type UserRow,
} from '../auth/index.ts';
import { dropQueuedMailTo } from '../mail/index.ts';
import { DELETION_GRACE_DAYS } from '../retention/index.ts';
import { deleteWorkFromFile } from '../submissions/index.ts';
import { fileUrlFor, softDeleteUpload, softDeleteUploadsOf } from '../uploads/index.ts';
import {
  selectAuditLog,
  selectExportSection,
  selectLiveUploads,
  selectProfile,
} from './account.repository.ts';
import { addDaysTo } from '@grantleaf/shared/days';

/** A file name that is safe as a zip entry: no directories, no control characters. */
export function zipEntryName(id: string, originalName: string): string {
  const base = originalName
    // eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
    .replace(/[\u0000-\u001f\u007f\u202a-\u202e\u2066-\u2069/\\]/g, '_')
    .replace(/^\.+/, '_');
  return `files/${id}-${base.slice(0, 150) || 'file'}`;
}

export function createAccountService(deps: {
  db: Db;
  storage: FileStorage;
  log: FastifyBaseLogger;
  /** Every module's user tables (modules/index.ts). */
  exportSections: readonly ExportSection[];
  adminEmails: readonly string[];
  now?: () => Date;
}) {
  const now = deps.now ?? (() => new Date());
  return {
    /**
     * Everything the user has with us as one zip: profile, every feature's rows (JSON) and the
     * decrypted files. Tables not present in this build are named in manifest.json.
     */
    async exportData(user: UserRow): Promise<{ stream: Readable; fileName: string }> {
      const profile = await selectProfile(deps.db, user.id);
      if (!profile) throw notFound();
      const sections: Array<{ file: string; rows: unknown[] }> = [];
      const skipped: string[] = [];
      for (const section of deps.exportSections) {
        const found = await selectExportSection(deps.db, section.table, section.where(user.id));
        if (found) sections.push({ file: section.file, rows: found });
        else skipped.push(section.table);
      }
      const files = await selectLiveUploads(deps.db, user.id);

      const zip = zipStream();
      const json = (value: unknown) => JSON.stringify(value, null, 2);
      void (async () => {
        try {
          await zip.add(
            'manifest.json',
            json({
              exportedAt: now().toISOString(),
              userId: user.id,
              files: sections.map((s) => ({ file: s.file, rows: s.rows.length })),
              documents: files.length,
              notPresent: skipped,
            }),
          );
          await zip.add('profile.json', json(profile));
          for (const section of sections) await zip.add(section.file, json(section.rows));
          for (const file of files) {
            // A download the client abandoned loads nothing more.
            if (zip.closed) return;
            const data = await deps.storage.get(file.storageKey);
            if (data) await zip.add(zipEntryName(file.id, file.originalName), data);
          }
          zip.end();
        } catch (err) {
          deps.log.error({ err, userId: user.id }, 'account export failed');
          zip.fail(err);
        }
      })();
      return { stream: zip.stream, fileName: `grantleaf-export-${now().toISOString().slice(0, 10)}.zip` };
    },

    /** Sign-in, sessions, files and the calendar feed stop at once; the rows go within the grace period. */
    async deleteAccount(user: UserRow, password: string) {
      if (!(await verifyPassword(user.passwordHash, password))) {
        throw badRequest('Incorrect password. Your account was not deleted.');
      }
      const at = now();
      const done = await deps.db.transaction(async (tx) => {
        // Sign-in, sessions, files and the calendar feed stop now; mail queued to the address goes.
        const email = await softDeleteUserRow(tx, user.id, at);
        if (email === null) return false;
        await dropQueuedMailTo(tx, email);
        // The address's wrong-code and sign-up counts outlive the account (issue 23 H-A).
        await keepAddressGuards(tx, email, DELETION_GRACE_DAYS);
        await deleteSessionsOf(tx, user.id);
        await softDeleteUploadsOf(tx, user.id, at);
        await deleteCalendarTokensOf(tx, user.id);
        // Shared work closes at once: the address's shares and every membership go (ADR 0372).
        await deleteSharesTo(tx, email);
        await leaveAllOrganisations(tx, user.id);
        // A deleted account holds no rights; the revoke is audited like any other.
        await deriveAdminRights(tx, deps.adminEmails, { userId: user.id, actorId: user.id });
        return true;
      });
      if (!done) throw notFound();
      deps.log.info({ userId: user.id }, 'account deleted (soft); hard delete scheduled');
      return {
        deleted: true as const,
        purgeBy: addDaysTo(at, DELETION_GRACE_DAYS + 1).toISOString(),
      };
    },

    async deleteUpload(user: UserRow, uploadId: string) {
      const done = await deps.db.transaction(async (tx) => {
        if (!(await softDeleteUpload(tx, user.id, uploadId, now()))) return false;
        await deleteWorkFromFile(tx, user.id, fileUrlFor(uploadId));
        return true;
      });
      if (!done) throw notFound();
      return { deleted: true as const };
    },

    async listAuditLog(query: AuditLogQuery): Promise<AuditLogPage> {
      const entries = await selectAuditLog(deps.db, {
        limit: query.limit,
        beforeId: query.before,
        subjectUserId: query.subject,
      });
      return {
        entries: entries.map((e) => ({ ...e, at: new Date(e.at).toISOString() })),
        nextBefore: entries.length === query.limit ? (entries.at(-1)?.id ?? null) : null,
      };
    },
  };
}
export type AccountService = ReturnType<typeof createAccountService>;
