import {
  COMPETITION_CAP_MAX,
  ENTRY_SUMMARY_MAX,
  ENTRY_TITLE_MAX,
  SCORE_COMMENT_MAX,
  SCORE_MAX,
  SCORE_MIN,
  type CompetitionDetail,
  type Entry,
} from '@grantleaf/shared/competitions.schema';
import type { OrganisationDetail } from '@grantleaf/shared/organisations.schema';
import { useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/office-catalogue.ts';
import { t as translate, useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { formatDate } from '../../../lib/format-date.ts';
import { useCompetitionActions } from '../api/teams.api.ts';
import { ProgramPicker } from './program-picker.tsx';
import { competitionQuery, competitionsQuery } from '../api/teams.queries.ts';
import { useQuery } from '@tanstack/react-query';
import { applicationsQuery } from '../../../lib/queries/applications.queries.ts';

const failed = (title: string) => (err: unknown) =>
  toast.error(title, {
    description: messageOf(err, translate('office.tryAgain')),
  });
const day = (iso: string) => formatDate(`${iso}T12:00:00`);

/**
 * Limited-submission competitions (issue 32 §3, ADR 0650): every member sees the organisation's
 * competitions and sends their own short internal application; owners and research officers
 * announce them, score every entry against the criteria and select up to the cap.
 */
export function Competitions({ org, userId }: { org: OrganisationDetail; userId: string }) {
  const { t } = useTranslation();
  const list = useQuery(competitionsQuery(org.id));
  const [open, setOpen] = useState<string | null>(null);
  const rows = list.data?.data ?? [];
  return (
    <section className="mt-6" aria-labelledby={`competitions-${org.id}`} data-testid="competitions">
      <h3 id={`competitions-${org.id}`} className="text-sm font-semibold text-slate-900">
        {t('office.competitions.title')}
      </h3>
      {list.data?.canManage ? <Announce org={org} onDone={setOpen} /> : null}
      {rows.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('office.competitions.none')}</p>
      ) : (
        <ul className="mt-2 space-y-2" aria-label={t('office.competitions.list', { name: org.name })}>
          {rows.map((c) => (
            <li key={c.id} className="rounded border border-slate-200 p-3">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="break-words font-medium text-slate-900">{c.title}</p>
                  <p className="break-words text-sm text-slate-700">
                    {t('office.competitions.meta', {
                      program: c.program,
                      count: c.cap,
                      date: day(c.internalDeadline),
                    })}
                  </p>
                  <p className="text-xs text-slate-600">
                    {c.open ? t('office.competitions.open') : t('office.competitions.closed')}
                    {list.data?.canManage
                      ? ` · ${t('office.competitions.counts', { entries: c.entries, selected: c.selected, cap: c.cap })}`
                      : ''}
                  </p>
                </div>
                <Button
                  size="sm"
                  variant="secondary"
                  aria-expanded={open === c.id}
                  aria-controls={`competition-${c.id}`}
                  onClick={() => setOpen(open === c.id ? null : c.id)}
                >
                  {open === c.id ? t('office.competitions.hide') : t('office.competitions.show')}
                </Button>
              </div>
              {open === c.id ? <Competition orgId={org.id} id={c.id} userId={userId} /> : null}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Announce({ org, onDone }: { org: OrganisationDetail; onDone: (id: string) => void }) {
  const { t } = useTranslation();
  const actions = useCompetitionActions(org.id);
  const [title, setTitle] = useState('');
  const [programId, setProgramId] = useState('');
  const [cap, setCap] = useState('1');
  const [deadline, setDeadline] = useState('');
  const [criteria, setCriteria] = useState('');
  const [busy, setBusy] = useState(false);
  const base = `announce-${org.id}`;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      const created = await actions.announce({
        title: title.trim(),
        programId,
        cap: Number(cap),
        internalDeadline: deadline,
        criteria: criteria
          .split('\n')
          .map((c) => c.trim())
          .filter(Boolean),
      });
      toast.success(t('office.competitions.announced'));
      setTitle('');
      setCriteria('');
      onDone(created.id);
    } catch (err) {
      failed(t('office.competitions.notAnnounced'))(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <details className="mt-2 rounded border border-slate-200 p-3">
      <summary className="cursor-pointer text-sm font-medium text-slate-900">
        {t('office.competitions.announce')}
      </summary>
      <form className="mt-2 space-y-2" onSubmit={(e) => void submit(e)}>
        <div>
          <Label htmlFor={`${base}-title`}>{t('office.competitions.competitionTitle')}</Label>
          <Input
            id={`${base}-title`}
            required
            maxLength={200}
            value={title}
            onChange={(e) => setTitle(e.target.value)}
          />
        </div>
        <ProgramPicker id={`${base}-program`} value={programId} onChange={(id) => setProgramId(id)} />
        <div className="flex flex-wrap gap-2">
          <div>
            <Label htmlFor={`${base}-cap`}>{t('office.competitions.cap')}</Label>
            <Input
              id={`${base}-cap`}
              type="number"
              min={1}
              max={COMPETITION_CAP_MAX}
              className="w-28"
              value={cap}
              onChange={(e) => setCap(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${base}-deadline`}>{t('office.competitions.deadline')}</Label>
            <Input
              id={`${base}-deadline`}
              type="date"
              required
              className="w-44"
              value={deadline}
              onChange={(e) => setDeadline(e.target.value)}
            />
          </div>
        </div>
        <div>
          <Label htmlFor={`${base}-criteria`}>{t('office.competitions.criteria')}</Label>
          <Textarea
            id={`${base}-criteria`}
            rows={3}
            value={criteria}
            onChange={(e) => setCriteria(e.target.value)}
          />
        </div>
        <Button type="submit" size="sm" disabled={busy || !programId}>
          {t('office.competitions.announceButton')}
        </Button>
      </form>
    </details>
  );
}

function Competition({ orgId, id, userId }: { orgId: string; id: string; userId: string }) {
  const { t } = useTranslation();
  const detail = useQuery(competitionQuery(orgId, id));
  const c = detail.data;
  if (!c) return <p className="mt-2 text-sm text-slate-600">{t('office.orgs.loading')}</p>;
  const own = c.entryList.find((e) => e.mine) ?? null;
  return (
    <div id={`competition-${id}`} className="mt-3 space-y-3" data-testid="competition">
      <div className="text-sm text-slate-800">
        <p className="font-medium">{t('office.competitions.criteriaTitle')}</p>
        <ol className="ml-5 list-decimal">
          {c.criteria.map((name) => (
            <li key={name} className="break-words">
              {name}
            </li>
          ))}
        </ol>
      </div>
      <OwnEntry orgId={orgId} competition={c} entry={own} userId={userId} />
      {c.canManage ? <Entries orgId={orgId} competition={c} /> : null}
    </div>
  );
}

function OwnEntry({
  orgId,
  competition: c,
  entry,
  userId,
}: {
  orgId: string;
  competition: CompetitionDetail;
  entry: Entry | null;
  userId: string;
}) {
  const { t } = useTranslation();
  const actions = useCompetitionActions(orgId);
  const apps = useQuery({
    ...applicationsQuery(userId),
    select: (list) => list.map(({ id, title }) => ({ id, title })),
  });
  const [title, setTitle] = useState(entry?.title ?? '');
  const [summary, setSummary] = useState(entry?.summary ?? '');
  const [applicationId, setApplicationId] = useState(entry?.applicationId ?? '');
  const [busy, setBusy] = useState(false);
  const base = `entry-${c.id}`;
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await actions.enter(c.id, {
        title: title.trim(),
        summary: summary.trim(),
        applicationId: applicationId || null,
      });
      toast.success(t('office.competitions.entrySaved'));
    } catch (err) {
      failed(t('office.orgs.notSaved'))(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="rounded bg-slate-50 p-3" data-testid="own-entry">
      <h4 className="text-sm font-semibold text-slate-900">{t('office.competitions.yourEntry')}</h4>
      {entry ? (
        <p className="mt-1 text-sm" data-testid="own-entry-status">
          {entry.selected ? (
            <span className="rounded bg-emerald-100 px-2 py-0.5 font-medium text-emerald-900">
              {t('office.competitions.selectedMark')}
            </span>
          ) : (
            <span className="text-slate-700">
              {t('office.competitions.submittedOn', { date: formatDate(entry.updatedAt) })}
            </span>
          )}
        </p>
      ) : null}
      {c.open ? (
        <form className="mt-2 space-y-2" onSubmit={(e) => void submit(e)}>
          <div>
            <Label htmlFor={`${base}-title`}>{t('office.competitions.entryTitle')}</Label>
            <Input
              id={`${base}-title`}
              required
              maxLength={ENTRY_TITLE_MAX}
              value={title}
              onChange={(e) => setTitle(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor={`${base}-summary`}>{t('office.competitions.summary')}</Label>
            <Textarea
              id={`${base}-summary`}
              rows={5}
              required
              maxLength={ENTRY_SUMMARY_MAX}
              aria-describedby={`${base}-count`}
              value={summary}
              onChange={(e) => setSummary(e.target.value)}
            />
            <p id={`${base}-count`} className="text-xs text-slate-600">
              {t('office.competitions.characters', { used: summary.length, max: ENTRY_SUMMARY_MAX })}
            </p>
          </div>
          <div>
            <Label htmlFor={`${base}-app`}>{t('office.competitions.link')}</Label>
            <Select
              id={`${base}-app`}
              className="h-9 w-full"
              value={applicationId}
              anyOption={t('office.competitions.noLink')}
              options={(apps.data ?? []).map((a) => ({ value: a.id, label: a.title }))}
              onChange={(e) => setApplicationId(e.target.value)}
            />
          </div>
          <Button type="submit" size="sm" disabled={busy || !title.trim() || !summary.trim()}>
            {entry ? t('office.competitions.update') : t('office.competitions.submit')}
          </Button>
        </form>
      ) : (
        <p className="mt-1 text-sm text-slate-700">{t('office.competitions.closedNote')}</p>
      )}
    </div>
  );
}

function Entries({ orgId, competition: c }: { orgId: string; competition: CompetitionDetail }) {
  const { t } = useTranslation();
  const actions = useCompetitionActions(orgId);
  if (c.entryList.length === 0)
    return <p className="text-sm text-slate-700">{t('office.competitions.noEntries')}</p>;
  return (
    <div>
      <h4 className="text-sm font-semibold text-slate-900">
        {t('office.competitions.entries', { selected: c.selected, cap: c.cap })}
      </h4>
      <ol className="mt-1 space-y-3" aria-label={t('office.competitions.entriesOf', { name: c.title })}>
        {c.entryList.map((e) => (
          <li key={e.id} className="rounded border border-slate-200 p-3" data-testid="entry">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="break-words font-medium text-slate-900">
                  {e.title}{' '}
                  {e.selected ? (
                    <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900">
                      {t('office.competitions.selectedMark')}
                    </span>
                  ) : null}
                </p>
                <p className="text-sm text-slate-700">
                  {e.applicant}
                  {e.applicationTitle
                    ? ` · ${t('office.competitions.linked', { title: e.applicationTitle })}`
                    : ''}
                </p>
                <p className="text-sm text-slate-700">
                  {e.average === null
                    ? t('office.competitions.unscored')
                    : t('office.competitions.average', { average: e.average, count: e.scores.length })}
                </p>
              </div>
              {e.mine ? null : (
                <Button
                  size="sm"
                  variant={e.selected ? 'secondary' : 'primary'}
                  disabled={!e.selected && c.selected >= c.cap}
                  onClick={() =>
                    void actions
                      .select(c.id, e.id, !e.selected)
                      .then(() =>
                        toast.success(
                          e.selected
                            ? t('office.competitions.unselected')
                            : t('office.competitions.selected'),
                        ),
                      )
                      .catch(failed(t('office.review.failed')))
                  }
                >
                  {e.selected
                    ? t('office.competitions.unselect', { title: e.title })
                    : t('office.competitions.select', { title: e.title })}
                </Button>
              )}
            </div>
            <p className="mt-2 whitespace-pre-wrap break-words text-sm text-slate-800">{e.summary}</p>
            {e.scores.length > 0 ? (
              <ul className="mt-2 text-sm text-slate-700">
                {e.scores.map((s, i) => (
                  <li key={i} className="break-words">
                    {t('office.competitions.scoreLine', {
                      name: s.officer ?? t('office.formerMember'),
                      scores: s.scores.join(' / '),
                    })}
                    {s.comment ? ` — ${s.comment}` : ''}
                  </li>
                ))}
              </ul>
            ) : null}
            {e.mine ? (
              <p className="mt-2 text-xs text-slate-600">{t('office.competitions.ownEntry')}</p>
            ) : (
              <ScoreForm orgId={orgId} competition={c} entry={e} />
            )}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ScoreForm({
  orgId,
  competition: c,
  entry,
}: {
  orgId: string;
  competition: CompetitionDetail;
  entry: Entry;
}) {
  const { t } = useTranslation();
  const actions = useCompetitionActions(orgId);
  const mine = entry.scores.find((s) => s.mine);
  const [scores, setScores] = useState<string[]>(c.criteria.map((_, i) => String(mine?.scores[i] ?? '')));
  const [comment, setComment] = useState(mine?.comment ?? '');
  const [busy, setBusy] = useState(false);
  const base = `score-${entry.id}`;
  const options = Array.from({ length: SCORE_MAX - SCORE_MIN + 1 }, (_, i) => String(SCORE_MIN + i)).map(
    (v) => ({ value: v, label: v }),
  );
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    try {
      await actions.score(c.id, entry.id, {
        scores: scores.map(Number),
        comment: comment.trim() || undefined,
      });
      toast.success(t('office.competitions.scoreSaved'));
    } catch (err) {
      failed(t('office.orgs.notSaved'))(err);
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="mt-2 space-y-2"
      onSubmit={(e) => void submit(e)}
      aria-label={t('office.competitions.scoreOf', { title: entry.title })}
    >
      <div className="flex flex-wrap gap-2">
        {c.criteria.map((name, i) => (
          <div key={name} className="min-w-0">
            <Label htmlFor={`${base}-${i}`}>{name}</Label>
            <Select
              id={`${base}-${i}`}
              className="h-9 w-24"
              value={scores[i] ?? ''}
              placeholder="–"
              options={options}
              onChange={(e) => setScores(scores.map((s, j) => (j === i ? e.target.value : s)))}
            />
          </div>
        ))}
      </div>
      <div>
        <Label htmlFor={`${base}-comment`}>{t('office.competitions.comment')}</Label>
        <Textarea
          id={`${base}-comment`}
          rows={2}
          maxLength={SCORE_COMMENT_MAX}
          value={comment}
          onChange={(e) => setComment(e.target.value)}
        />
      </div>
      <Button type="submit" size="sm" variant="secondary" disabled={busy || scores.some((s) => !s)}>
        {t('office.competitions.saveScore')}
      </Button>
    </form>
  );
}
