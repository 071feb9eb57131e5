import {
  SHARES_MAX,
  type ShareInput,
  type SharedApplication,
  type Shares,
} from '@grantleaf/shared/sharing.schema';
import type { ApplicationStatus } from '@grantleaf/shared/applications.schema';
import type { Db } from '../../db/client.ts';
import type { Env } from '../../env.ts';
import { badRequest, conflict, notFound } from '../../errors.ts';
import { DEFAULT_LANGUAGE, isLanguage, type Language } from '@grantleaf/shared/language';
import { findUserByEmail, type UserRow } from '../auth/index.ts';
import { shareMail, type Mailer } from '../mail/index.ts';
import { findMembership } from '../organisations/index.ts';
import * as shares from './application-shares.repository.ts';
import * as repo from './applications.repository.ts';

const languageOf = (value: unknown): Language => (isLanguage(value) ? value : DEFAULT_LANGUAGE);

/**
 * Sharing an application (issue 32 §2, ADR 0371). Only the owner shares, changes or withdraws a
 * share; everyone else, whatever they may read, gets the unknown application's 404 here.
 */
export function createApplicationSharing(deps: { db: Db; env: Env; mailer: Mailer }) {
  const { db } = deps;

  async function owned(user: UserRow, id: string) {
    const row = await repo.findOwnApplication(db, user.id, id);
    if (!row) throw notFound('Application not found');
    return row;
  }

  async function list(user: UserRow, id: string): Promise<Shares> {
    const row = await owned(user, id);
    const [people, organisation] = await Promise.all([
      shares.listShares(db, row.id),
      shares.findOrgShare(db, row.id),
    ]);
    return {
      people: people.map((p) => ({
        id: p.id,
        email: p.email,
        role: p.role,
        createdAt: p.createdAt.toISOString(),
      })),
      organisation,
    };
  }

  return {
    list,

    /**
     * Shares with an address, or changes its role. The answer is the same whether or not an
     * account holds the address, so sharing tells nothing about who is registered; the address is
     * told once, when the share is new.
     */
    async share(user: UserRow, id: string, input: ShareInput): Promise<Shares> {
      const email = input.email.trim().toLowerCase();
      if (email === user.email.trim().toLowerCase()) throw badRequest('This is your own application.');
      const { row, created } = await db.transaction(async (tx) => {
        const row = await repo.findOwnApplication(tx, user.id, id, true);
        if (!row) throw notFound('Application not found');
        const existing = await shares.listShares(tx, id);
        if (!existing.some((s) => s.email === email) && existing.length >= SHARES_MAX)
          throw conflict(`An application is shared with at most ${SHARES_MAX} people.`);
        const share = await shares.upsertShare(tx, {
          applicationId: id,
          email,
          role: input.role,
          sharedBy: user.id,
        });
        return { row, created: share.created ? share.row.id : null };
      });
      if (created) {
        const link = `${deps.env.APP_URL.replace(/\/$/, '')}/applications/${row.id}`;
        // The recipient's language when the address has an account, else the sharer's.
        const recipient = await findUserByEmail(db, email);
        await deps.mailer.send({
          to: email,
          dedupeKey: `application-share:${created}`,
          ...shareMail(languageOf(recipient?.language ?? user.language), {
            sharer: user.name,
            title: row.title,
            role: input.role,
            link,
          }),
        });
      }
      return list(user, id);
    },

    /** Withdraws a share: the person's next request gets 404. */
    async unshare(user: UserRow, id: string, shareId: string): Promise<void> {
      await owned(user, id);
      if (!(await shares.deleteShare(db, id, shareId))) throw notFound('Share not found');
    },

    /** Shares with one of the owner's organisations: its owners and research officers then review it. */
    async shareWithOrganisation(user: UserRow, id: string, organisationId: string): Promise<Shares> {
      await owned(user, id);
      if (!(await findMembership(db, user.id, organisationId))) throw notFound('Organisation not found');
      await shares.setOrgShare(db, id, organisationId, user.id);
      return list(user, id);
    },

    async unshareOrganisation(user: UserRow, id: string): Promise<void> {
      await owned(user, id);
      if (!(await shares.deleteOrgShare(db, id))) throw notFound('Not shared with an organisation');
    },

    /** Applications others shared with the session's user (named, or as an organisation's officer). */
    async sharedWithMe(user: UserRow): Promise<SharedApplication[]> {
      const rows = await shares.listSharedWith(db, user.id);
      return rows.map((r) => ({
        id: r.id,
        title: r.title,
        program: r.program,
        status: r.status as ApplicationStatus,
        deadline: r.deadline,
        owner: r.owner,
        // The same order of rights as findApplicationFor: a named role, else an officer's review.
        access:
          r.shared === 'editor' || r.shared === 'commenter'
            ? r.shared
            : r.organisation
              ? 'commenter'
              : 'viewer',
        organisation: r.organisation,
        updatedAt: new Date(r.updatedAt).toISOString(),
      }));
    },
  };
}
export type ApplicationSharing = ReturnType<typeof createApplicationSharing>;
