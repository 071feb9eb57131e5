import type { ApplicationDetail } from '@grantleaf/shared/application-document.schema';
import { SHARE_ROLES, type Comment, type ShareRole } from '@grantleaf/shared/sharing.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/office-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDateTime } from '../../../lib/format-date.ts';
import { useCommentActions, useShareActions } from '../api/teams.api.ts';
import { OfficeReviewPanel } from './office-review-panel.tsx';
import { commentsQuery, sharesQuery } from '../api/teams.queries.ts';
import { useQuery } from '@tanstack/react-query';
import { organisationsQuery } from '../../../lib/queries/organisations.queries.ts';

const reason = (err: unknown) => messageOf(err, translate('office.tryAgain'));
const failed = (title: string, err: unknown) => toast.error(title, { description: reason(err) });

/** The owner's sharing: named people with a role, and one of the owner's organisations. */
function SharePanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const shares = useQuery(sharesQuery(applicationId, true));
  const orgs = useQuery(organisationsQuery());
  const actions = useShareActions(applicationId);
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<ShareRole>('editor');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function run(action: () => Promise<unknown>, title: string) {
    setBusy(true);
    try {
      await action();
      return true;
    } catch (err) {
      failed(title, err);
      return false;
    } finally {
      setBusy(false);
    }
  }

  async function onShare(e: FormEvent) {
    e.preventDefault();
    setError(null);
    try {
      setBusy(true);
      await actions.share({ email, role });
      toast.success(t('office.share.sharedWith', { email: email.trim() }));
      setEmail('');
    } catch (err) {
      // The typed address stays in the field, with the server's reason beside it.
      setError(reason(err));
    } finally {
      setBusy(false);
    }
  }

  const orgShare = shares.data?.organisation ?? null;
  const myOrgs = orgs.data?.data ?? [];
  return (
    <Card className="p-4" data-testid="share-panel">
      <h2 className="text-base font-semibold text-slate-900">{t('office.share.title')}</h2>
      <form className="mt-3 space-y-2" onSubmit={(e) => void onShare(e)} noValidate>
        <Label htmlFor="share-email">{t('office.share.email')}</Label>
        <Input
          id="share-email"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'share-error' : undefined}
          required
        />
        <Label htmlFor="share-role">{t('office.share.role')}</Label>
        <Select
          id="share-role"
          value={role}
          onChange={(e) => setRole(e.target.value as ShareRole)}
          options={SHARE_ROLES.map((r) => ({ value: r, label: t(`office.shareRole.${r}`) }))}
        />
        {error ? (
          <p id="share-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" size="sm" disabled={busy || !email.trim()}>
          {t('office.share.share')}
        </Button>
      </form>
      <ul className="mt-3 space-y-2 text-sm" aria-label={t('office.share.people')}>
        {(shares.data?.people ?? []).map((p) => (
          <li key={p.id} className="flex flex-wrap items-center justify-between gap-2">
            <span className="min-w-0 break-all text-slate-800">
              {p.email} · {t(`office.shareRole.${p.role}`)}
            </span>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              aria-label={t('office.share.stopSharingWith', { email: p.email })}
              onClick={() => void run(() => actions.unshare(p.id), t('office.share.notWithdrawn'))}
            >
              {t('office.share.remove')}
            </Button>
          </li>
        ))}
      </ul>
      <div className="mt-4 border-t border-slate-200 pt-3">
        <h3 className="text-sm font-semibold text-slate-900">{t('office.share.office')}</h3>
        {orgShare ? (
          <p className="mt-1 flex flex-wrap items-center gap-2 text-sm text-slate-800">
            {t('office.share.orgShared', { name: orgShare.name })}
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void run(() => actions.unshareOrganisation(), t('office.share.notWithdrawn'))}
            >
              {t('office.share.stop')}
            </Button>
          </p>
        ) : myOrgs.length === 0 ? (
          <p className="mt-1 text-sm text-slate-700">{t('office.share.noOrg')}</p>
        ) : (
          <div className="mt-1 flex flex-wrap gap-2">
            {myOrgs.map((o) => (
              <Button
                key={o.id}
                size="sm"
                variant="secondary"
                disabled={busy}
                onClick={() =>
                  void run(() => actions.shareWithOrganisation(o.id), t('office.share.notShared'))
                }
              >
                {t('office.share.withOrg', { name: o.name })}
              </Button>
            ))}
          </div>
        )}
      </div>
    </Card>
  );
}

/** Comments anchored to a section's text, with replies and resolving. */
function CommentsPanel({
  app,
  canComment,
  onFocus,
}: {
  app: ApplicationDetail;
  canComment: boolean;
  onFocus: (sectionId: string, quote: string) => void;
}) {
  const { t } = useTranslation();
  const comments = useQuery(commentsQuery(app.id));
  const actions = useCommentActions(app.id);
  const [sectionId, setSectionId] = useState(app.sections[0]?.id ?? 'general');
  const [quote, setQuote] = useState('');
  const [body, setBody] = useState('');
  const [busy, setBusy] = useState(false);
  const [showResolved, setShowResolved] = useState(false);
  const header = (sid: string) => app.sections.find((s) => s.id === sid)?.header ?? sid;
  const all = comments.data?.data ?? [];
  const roots = all.filter((c) => !c.parentId && (showResolved || !c.resolved));
  const resolvedCount = all.filter((c) => !c.parentId && c.resolved).length;

  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await actions.add({ sectionId, quote: quote.trim(), body });
      setBody('');
      setQuote('');
    } catch (err) {
      failed(t('office.comments.notSaved'), err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <Card className="p-4" data-testid="comments-panel">
      <h2 className="text-base font-semibold text-slate-900">{t('office.comments.title')}</h2>
      {comments.error ? <p className="mt-2 text-sm text-red-700">{String(comments.error.message)}</p> : null}
      {canComment ? (
        <form className="mt-3 space-y-2" onSubmit={(e) => void submit(e)}>
          {app.sections.length > 0 ? (
            <>
              <Label htmlFor="comment-section">{t('office.comments.section')}</Label>
              <Select
                id="comment-section"
                value={sectionId}
                onChange={(e) => setSectionId(e.target.value)}
                options={app.sections.map((s) => ({ value: s.id, label: s.header }))}
              />
            </>
          ) : null}
          <Label htmlFor="comment-quote">{t('office.comments.quote')}</Label>
          <Input
            id="comment-quote"
            value={quote}
            maxLength={1000}
            onChange={(e) => setQuote(e.target.value)}
          />
          <Label htmlFor="comment-body">{t('office.comments.body')}</Label>
          <Textarea
            id="comment-body"
            className="min-h-20"
            value={body}
            maxLength={5000}
            onChange={(e) => setBody(e.target.value)}
          />
          <p className="text-xs text-slate-600">{t('office.comments.mentionHint')}</p>
          <Button type="submit" size="sm" disabled={busy || !body.trim()}>
            {t('office.comments.submit')}
          </Button>
        </form>
      ) : null}
      <ul className="mt-4 space-y-3" aria-label={t('office.comments.threads')}>
        {roots.map((c) => (
          <Thread
            key={c.id}
            root={c}
            replies={all.filter((r) => r.parentId === c.id)}
            header={header(c.sectionId)}
            canComment={canComment}
            onFocus={() => onFocus(c.sectionId, c.quote)}
            onReply={(text) => actions.add({ sectionId: c.sectionId, body: text, parentId: c.id })}
            onResolve={(resolved) => actions.resolve(c.id, resolved)}
          />
        ))}
      </ul>
      {roots.length === 0 && !comments.isLoading ? (
        <p className="mt-2 text-sm text-slate-600">{t('office.comments.none')}</p>
      ) : null}
      {resolvedCount > 0 ? (
        <Button size="sm" variant="ghost" className="mt-2" onClick={() => setShowResolved((v) => !v)}>
          {showResolved
            ? t('office.comments.hideResolved')
            : t('office.comments.showResolved', { total: resolvedCount })}
        </Button>
      ) : null}
    </Card>
  );
}

function Thread({
  root,
  replies,
  header,
  canComment,
  onFocus,
  onReply,
  onResolve,
}: {
  root: Comment;
  replies: Comment[];
  header: string;
  canComment: boolean;
  onFocus: () => void;
  onReply: (text: string) => Promise<unknown>;
  onResolve: (resolved: boolean) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [reply, setReply] = useState('');
  const [busy, setBusy] = useState(false);
  const act = async (run: () => Promise<unknown>, title: string) => {
    setBusy(true);
    try {
      await run();
      return true;
    } catch (err) {
      failed(title, err);
      return false;
    } finally {
      setBusy(false);
    }
  };
  return (
    <li className="rounded-md border border-slate-200 p-3 text-sm" data-testid="comment-thread">
      <button type="button" className="text-left text-xs text-brand-800 underline" onClick={onFocus}>
        {header}
        {root.quote ? `: “${root.quote}”` : ''}
      </button>
      {[root, ...replies].map((c) => (
        <div key={c.id} className="mt-2">
          <p className="text-xs text-slate-600">
            {c.author} · {formatDateTime(c.createdAt)}
          </p>
          <p className="break-words whitespace-pre-wrap text-slate-900">{c.body}</p>
        </div>
      ))}
      {root.resolved ? (
        <p className="mt-2 text-xs text-slate-600">
          {t('office.comments.resolvedBy', { name: root.resolvedBy ?? '' })}
        </p>
      ) : null}
      {canComment ? (
        <div className="mt-2 space-y-2">
          <Label htmlFor={`reply-${root.id}`} className="sr-only">
            {t('office.comments.reply')}
          </Label>
          <Input
            id={`reply-${root.id}`}
            placeholder={t('office.comments.reply')}
            value={reply}
            maxLength={5000}
            onChange={(e) => setReply(e.target.value)}
          />
          <div className="flex flex-wrap gap-2">
            <Button
              size="sm"
              variant="secondary"
              disabled={busy || !reply.trim()}
              onClick={() =>
                void act(() => onReply(reply), t('office.comments.replyNotSaved')).then(
                  (ok) => ok && setReply(''),
                )
              }
            >
              {t('office.comments.reply')}
            </Button>
            <Button
              size="sm"
              variant="ghost"
              disabled={busy}
              onClick={() => void act(() => onResolve(!root.resolved), t('office.review.failed'))}
            >
              {root.resolved ? t('office.comments.reopen') : t('office.comments.resolve')}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** The editor's team slot: sharing for the owner, comments for everyone who may read. */
export function TeamPanel({
  app,
  onFocus,
}: {
  app: ApplicationDetail;
  onFocus: (sectionId: string, quote: string) => void;
}) {
  return (
    <>
      {app.access === 'owner' ? <SharePanel applicationId={app.id} /> : null}
      <OfficeReviewPanel app={app} />
      <CommentsPanel app={app} canComment={app.access !== 'viewer'} onFocus={onFocus} />
    </>
  );
}
