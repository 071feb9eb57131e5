import { and, asc, eq, sql } from 'drizzle-orm';
import type { ShareRole } from '@grantleaf/shared/sharing.schema';
import type { Db, Tx } from '../../db/client.ts';
import { applicationOrgShares, applicationShares, type ApplicationShareRow } from './applications.schema.ts';

export async function listShares(db: Tx, applicationId: string): Promise<ApplicationShareRow[]> {
  return db
    .select()
    .from(applicationShares)
    .where(eq(applicationShares.applicationId, applicationId))
    .orderBy(asc(applicationShares.createdAt));
}

/** Adds a share or changes its role; `created` when it is new (the address is then told). */
export async function upsertShare(
  tx: Tx,
  values: { applicationId: string; email: string; role: ShareRole; sharedBy: string },
): Promise<{ row: ApplicationShareRow; created: boolean }> {
  const [before] = await tx
    .select({ id: applicationShares.id })
    .from(applicationShares)
    .where(
      and(
        eq(applicationShares.applicationId, values.applicationId),
        eq(applicationShares.email, values.email),
      ),
    );
  const [row] = await tx
    .insert(applicationShares)
    .values(values)
    .onConflictDoUpdate({
      target: [applicationShares.applicationId, applicationShares.email],
      set: { role: values.role },
    })
    .returning();
  return { row: row!, created: !before };
}

export async function deleteShare(tx: Tx, applicationId: string, shareId: string): Promise<boolean> {
  const rows = await tx
    .delete(applicationShares)
    .where(and(eq(applicationShares.applicationId, applicationId), eq(applicationShares.id, shareId)))
    .returning({ id: applicationShares.id });
  return rows.length > 0;
}

/** A deleted account's address opens nothing any more, even if someone registers it again. */
export async function deleteSharesTo(tx: Tx, email: string): Promise<void> {
  await tx.delete(applicationShares).where(sql`${applicationShares.email} = lower(${email})`);
}

export async function findOrgShare(db: Tx, applicationId: string) {
  const result = (await db.execute(sql`
    select o.organisation_id as id, g.name from application_org_shares o
      join organisations g on g.id = o.organisation_id
     where o.application_id = ${applicationId}
  `)) as unknown as { rows: Array<{ id: string; name: string }> };
  return result.rows[0] ?? null;
}

export async function setOrgShare(tx: Tx, applicationId: string, organisationId: string, sharedBy: string) {
  await tx
    .insert(applicationOrgShares)
    .values({ applicationId, organisationId, sharedBy })
    .onConflictDoUpdate({
      target: applicationOrgShares.applicationId,
      // Another organisation starts its own review (ADR 0440); sharing again with the same one keeps it.
      set: {
        organisationId,
        sharedBy,
        createdAt: sql`now()`,
        reviewState: sql`case when application_org_shares.organisation_id = excluded.organisation_id then application_org_shares.review_state end`,
        reviewVersion: sql`case when application_org_shares.organisation_id = excluded.organisation_id then application_org_shares.review_version end`,
      },
    });
}

export async function deleteOrgShare(tx: Tx, applicationId: string): Promise<boolean> {
  const rows = await tx
    .delete(applicationOrgShares)
    .where(eq(applicationOrgShares.applicationId, applicationId))
    .returning({ id: applicationOrgShares.applicationId });
  return rows.length > 0;
}

/**
 * Applications others shared with this user, by name (their verified address) or through an
 * organisation where they are an owner or research officer; the same rule as findApplicationFor.
 */
export async function listSharedWith(db: Db, userId: string) {
  const result = (await db.execute(sql`
    select a.id, a.title, a.program, a.status, a.deadline::text as deadline, a.updated_at as "updatedAt",
           w.name as owner, s.role as shared, g.name as organisation
      from applications a
      join users w on w.id = a.user_id and w.deleted_at is null
      join users me on me.id = ${userId} and me.deleted_at is null
      left join application_shares s on s.application_id = a.id and s.email = lower(me.email) and me.email_verified
      left join application_org_shares o on o.application_id = a.id
                and exists (select 1 from organisation_members m where m.organisation_id = o.organisation_id
                              and m.user_id = ${userId} and m.role in ('owner', 'officer'))
      left join organisations g on g.id = o.organisation_id
     where a.deleted_at is null and a.user_id <> ${userId}
       and (s.id is not null or g.id is not null)
     order by a.updated_at desc
     limit 500
  `)) as unknown as {
    rows: Array<{
      id: string;
      title: string;
      program: string;
      status: string;
      deadline: string | null;
      updatedAt: string | Date;
      owner: string;
      shared: ShareRole | null;
      organisation: string | null;
    }>;
  };
  return result.rows;
}
