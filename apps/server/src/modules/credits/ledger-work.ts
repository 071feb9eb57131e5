import type { LedgerWork } from '@grantleaf/shared/paid-work';
import type { Tx } from '../../db/client.ts';
import { ownSuggestionApplications } from '../applications/index.ts';
import { ownResponseApplications } from '../reviews/index.ts';
import { ownDraftClaims } from '../sred/index.ts';
import { ownSubmissionTypes } from '../submissions/index.ts';

/**
 * The work each spend or refund row paid for, named and linked (issue 28 §5): a `submission:<id>`
 * reference is a draft or an analysis (the submissions module says which), an AI edit links to
 * its application. Read through the owning modules' index.ts, scoped by the ledger's user; a row
 * whose work is gone keeps its kind with no link (or, for a submission, no kind at all).
 */
export async function describeLedgerWork(
  db: Tx,
  userId: string,
  references: string[],
): Promise<Map<string, LedgerWork>> {
  const ids = (kind: string) =>
    references.filter((r) => r.startsWith(`${kind}:`)).map((r) => r.slice(kind.length + 1));
  const [types, applications, draftClaims, responseApplications] = await Promise.all([
    ownSubmissionTypes(db, userId, ids('submission')),
    ownSuggestionApplications(db, userId, ids('section_action')),
    ownDraftClaims(db, userId, ids('sred_narrative')),
    ownResponseApplications(db, userId, ids('review_response')),
  ]);
  const out = new Map<string, LedgerWork>();
  for (const [id, type] of types)
    if (type === 'generation' || type === 'analysis')
      out.set(`submission:${id}`, { kind: type, href: `/submissions/${id}/view` });
  // Ideas and funding searches are listed on the dashboard, which has no page per request.
  for (const id of ids('idea')) out.set(`idea:${id}`, { kind: 'idea', href: '/dashboard' });
  for (const id of ids('funding')) out.set(`funding:${id}`, { kind: 'funding', href: '/dashboard' });
  for (const id of ids('section_action')) {
    const application = applications.get(id);
    out.set(`section_action:${id}`, {
      kind: 'section_action',
      href: application ? `/applications/${application}` : null,
    });
  }
  for (const id of ids('review_response')) {
    const application = responseApplications.get(id);
    out.set(`review_response:${id}`, {
      kind: 'review_response',
      href: application ? `/applications/${application}/reviews` : null,
    });
  }
  for (const id of ids('sred_narrative')) {
    const claim = draftClaims.get(id);
    out.set(`sred_narrative:${id}`, { kind: 'sred_narrative', href: claim ? `/sred/${claim}` : null });
  }
  return out;
}
