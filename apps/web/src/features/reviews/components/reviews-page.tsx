import {
  PLAN_STATUSES,
  PLAN_TEXT_MAX,
  REVIEW_TEXT_MAX,
  type CritiqueRow,
  type PlanStatus,
  type ResponseSection,
  type ReviewPlan,
} from '@grantleaf/shared/reviews.schema';
import { useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { SignInRequired } from '../../../components/sign-in-required.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { FileInput, Input, Label, Select, Textarea } from '../../../components/ui/input.tsx';
import { ToneBadge } from '../../../components/ui/tone-badge.tsx';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import '../../../i18n/reviews-catalogue.ts';
import { messageOf, statusOf } from '../../../lib/api.ts';
import { downloadFile } from '../../../lib/download.ts';
import { useCurrentUser } from '../../auth/api/auth.api.ts';
import {
  useGenerateResponse,
  useImportReviews,
  useRemoveImport,
  useSavePlanRow,
} from '../api/reviews.api.ts';
import { ModelResponsePanel } from './model-response-panel.tsx';
import { critiqueDiffQuery, reviewPlanQuery } from '../api/reviews.queries.ts';
import { useQuery } from '@tanstack/react-query';

/** The file types the upload path reads (its own checks refuse anything else). */
const ACCEPT =
  '.pdf,.docx,.txt,application/pdf,application/vnd.openxmlformats-officedocument.wordprocessingml.document,text/plain';

/**
 * Reviews & resubmission (issue 27; ADR 0330, 0410): reviewers' comments in, critiques listed, one
 * plan row per weakness saved row by row, the word-level diff that shows whether "done" is true,
 * and the funder's response section made from the rows only.
 */
export function ReviewsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation();
  const { data: user, isLoading } = useCurrentUser();
  const plan = useQuery(reviewPlanQuery(id));
  if (isLoading) return null;
  if (!user) return <SignInRequired message={t('reviews.signInRequired')} />;
  return (
    <main className="mx-auto max-w-5xl px-4 py-6">
      <nav aria-label={t('reviews.breadcrumb')} className="text-sm">
        <Link to={`/applications/${id}`} className="text-brand-800 underline">
          {t('reviews.backToApplication')}
        </Link>
      </nav>
      <h1 className="mt-2 text-2xl font-bold text-slate-900">{t('reviews.title')}</h1>
      <p className="mt-1 text-sm text-slate-700">{t('reviews.intro')}</p>
      {plan.isLoading ? (
        <p className="mt-6 text-sm text-slate-700">{t('reviews.loading')}</p>
      ) : plan.error || !plan.data ? (
        <p role="alert" className="mt-6 text-sm text-red-700">
          {plan.error instanceof Error && /: 404$/.test(plan.error.message)
            ? t('reviews.notFound')
            : t('reviews.loadFailed')}
        </p>
      ) : (
        <PlanView applicationId={id} plan={plan.data} />
      )}
    </main>
  );
}

function PlanView({ applicationId, plan }: { applicationId: string; plan: ReviewPlan }) {
  const { t } = useTranslation();
  const weaknesses = plan.critiques.filter((c) => c.kind === 'weakness');
  const strengths = plan.critiques.filter((c) => c.kind === 'strength');
  const headers = new Map(plan.sections.map((s) => [s.id, s.header]));
  return (
    <div className="mt-6 space-y-8">
      <ImportForm applicationId={applicationId} currentVersion={plan.currentVersion} />
      {plan.imports.length > 0 ? (
        <>
          <Imports applicationId={applicationId} plan={plan} />
          <p role="status" className="text-sm text-slate-800" data-testid="plan-summary">
            {t('reviews.summary', {
              weaknesses: plan.summary.weaknesses,
              strengths: plan.summary.strengths,
              unanswered: plan.summary.unanswered,
              unverified: plan.summary.unverified,
            })}
          </p>
          <section aria-labelledby="plan-heading">
            <h2 id="plan-heading" className="text-lg font-semibold text-slate-900">
              {t('reviews.planHeading')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('reviews.planHelp')}</p>
            {weaknesses.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t('reviews.noWeaknesses')}</p>
            ) : (
              <ol className="mt-3 space-y-4">
                {weaknesses.map((row) => (
                  // Remounted when the stored row changes (its save, or a 409's fresh copy), so
                  // the fields show what is stored; another row's unsaved words stay.
                  <PlanRow
                    key={`${row.id}:${row.updatedAt}`}
                    applicationId={applicationId}
                    row={row}
                    sections={plan.sections}
                    currentVersion={plan.currentVersion}
                    reviewedVersion={plan.imports.find((i) => i.id === row.importId)?.reviewedVersion ?? 0}
                  />
                ))}
              </ol>
            )}
          </section>
          <section aria-labelledby="strengths-heading">
            <h2 id="strengths-heading" className="text-lg font-semibold text-slate-900">
              {t('reviews.strengthsHeading')}
            </h2>
            <p className="mt-1 text-sm text-slate-700">{t('reviews.strengthsHelp')}</p>
            {strengths.length === 0 ? (
              <p className="mt-3 text-sm text-slate-700">{t('reviews.noStrengths')}</p>
            ) : (
              <ul className="mt-3 space-y-3">
                {strengths.map((s) => (
                  <li key={s.id} className="rounded-md border border-green-200 bg-green-50 p-3">
                    <CritiqueHead row={s} />
                    <blockquote className="mt-1 text-sm break-words text-slate-900">“{s.quote}”</blockquote>
                    {s.sections.length > 0 ? (
                      <p className="mt-1 text-xs text-slate-700">
                        {t('reviews.concerns', {
                          sections: s.sections.map((x) => headers.get(x) ?? x).join(', '),
                        })}
                      </p>
                    ) : null}
                    {s.problems.map((p) => (
                      <p key={p} className="mt-1 text-sm text-orange-900">
                        {translateMessage(p)}
                      </p>
                    ))}
                  </li>
                ))}
              </ul>
            )}
          </section>
          <ResponsePanel applicationId={applicationId} />
        </>
      ) : null}
    </div>
  );
}

function ImportForm({ applicationId, currentVersion }: { applicationId: string; currentVersion: number }) {
  const { t } = useTranslation();
  const importReviews = useImportReviews(applicationId);
  const [label, setLabel] = useState('');
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [fileInputKey, setFileInputKey] = useState(0);
  const [version, setVersion] = useState('');
  const [error, setError] = useState<string | null>(null);

  function submit(event: FormEvent) {
    event.preventDefault();
    // The server says the same; said here first, nothing is sent that it would refuse.
    if (!text.trim() && !file) return setError(t('reviews.import.empty'));
    if (text.trim() && file) return setError(t('reviews.import.both'));
    if (text.length > REVIEW_TEXT_MAX) return setError(t('reviews.import.tooLong'));
    const reviewedVersion = version.trim() ? Number(version) : undefined;
    if (
      reviewedVersion !== undefined &&
      (!Number.isInteger(reviewedVersion) || reviewedVersion < 1 || reviewedVersion > currentVersion)
    )
      return setError(t('reviews.import.versionRange', { current: currentVersion }));
    const input = { label: label.trim() || undefined, text: file ? undefined : text, reviewedVersion };
    setError(null);
    importReviews.mutate(
      { input, file },
      {
        // Only a stored import clears the form: on any failure the pasted text and file stay.
        onSuccess: () => {
          setLabel('');
          setText('');
          setFile(null);
          setFileInputKey((k) => k + 1);
          setVersion('');
        },
        onError: (e) => setError(messageOf(e, t('reviews.import.failed'))),
      },
    );
  }

  return (
    <Card className="p-4">
      <h2 className="text-lg font-semibold text-slate-900">{t('reviews.import.heading')}</h2>
      <p className="mt-1 text-sm text-slate-700">{t('reviews.import.help')}</p>
      <form className="mt-3 space-y-3" onSubmit={submit} noValidate>
        <div className="flex flex-col gap-1">
          <Label htmlFor="review-label">{t('reviews.import.label')}</Label>
          <Input
            id="review-label"
            value={label}
            maxLength={200}
            placeholder={t('reviews.import.labelPlaceholder')}
            onChange={(e) => setLabel(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="review-text">{t('reviews.import.paste')}</Label>
          <Textarea
            id="review-text"
            value={text}
            rows={8}
            aria-invalid={error !== null && !file ? true : undefined}
            aria-describedby={error ? 'review-import-error' : undefined}
            onChange={(e) => setText(e.target.value)}
          />
        </div>
        <div className="flex flex-col gap-1">
          <Label htmlFor="review-file">{t('reviews.import.file')}</Label>
          <FileInput
            key={fileInputKey}
            id="review-file"
            accept={ACCEPT}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
        </div>
        <div className="flex flex-col gap-1 sm:max-w-xs">
          <Label htmlFor="review-version">{t('reviews.import.version')}</Label>
          <Input
            id="review-version"
            inputMode="numeric"
            value={version}
            placeholder={String(currentVersion)}
            aria-describedby="review-version-help"
            onChange={(e) => setVersion(e.target.value)}
          />
          <p id="review-version-help" className="text-xs text-slate-700">
            {t('reviews.import.versionHelp', { current: currentVersion })}
          </p>
        </div>
        {error ? (
          <p id="review-import-error" role="alert" className="text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <Button type="submit" disabled={importReviews.isPending}>
          {importReviews.isPending ? t('reviews.import.reading') : t('reviews.import.submit')}
        </Button>
      </form>
    </Card>
  );
}

function Imports({ applicationId, plan }: { applicationId: string; plan: ReviewPlan }) {
  const { t } = useTranslation();
  const remove = useRemoveImport(applicationId);
  return (
    <section aria-labelledby="imports-heading">
      <h2 id="imports-heading" className="text-lg font-semibold text-slate-900">
        {t('reviews.importsHeading')}
      </h2>
      <ul className="mt-3 space-y-3">
        {plan.imports.map((i) => (
          <li key={i.id} className="rounded-md border border-slate-200 bg-white p-3">
            <div className="flex flex-wrap items-start justify-between gap-2">
              <div className="min-w-0">
                <p className="font-medium break-words text-slate-900">{i.label}</p>
                <p className="text-xs text-slate-700">
                  {t('reviews.importMeta', {
                    layout: t(`reviews.layouts.${i.layout}` as 'reviews.layouts.other', {
                      defaultValue: i.layout,
                    }),
                    version: i.reviewedVersion,
                  })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                disabled={remove.isPending}
                onClick={() => {
                  if (window.confirm(t('reviews.confirmRemove'))) remove.mutate(i.id);
                }}
              >
                {t('reviews.remove')}
              </Button>
            </div>
            {i.facts.length > 0 ? (
              <dl
                className="mt-2 grid grid-cols-1 gap-x-4 gap-y-1 text-sm sm:grid-cols-2"
                data-testid="review-facts"
              >
                {i.facts.map((f) => (
                  <div key={`${f.source}:${f.name}:${f.value}`} className="flex min-w-0 gap-1">
                    <dt className="text-slate-700">
                      {f.source} · {f.name}:
                    </dt>
                    <dd className="font-medium break-words text-slate-900">{f.value}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function CritiqueHead({ row }: { row: CritiqueRow }) {
  const { t } = useTranslation();
  return (
    <p className="flex flex-wrap items-center gap-2 text-xs text-slate-700">
      <span className="font-medium text-slate-900">{row.source}</span>
      <span>· {row.criterion}</span>
      <ToneBadge tone={row.kind === 'strength' ? 'green' : 'orange'}>
        {t(`reviews.kind.${row.kind}`)}
      </ToneBadge>
    </p>
  );
}

const STATUS_TONE = { planned: 'grey', done: 'green', declined: 'blue' } as const;

function PlanRow({
  applicationId,
  row,
  sections,
  currentVersion,
  reviewedVersion,
}: {
  applicationId: string;
  row: CritiqueRow;
  sections: ReviewPlan['sections'];
  currentVersion: number;
  reviewedVersion: number;
}) {
  const { t } = useTranslation();
  const save = useSavePlanRow(applicationId);
  const [chosen, setChosen] = useState<string[]>(row.sections);
  const [change, setChange] = useState(row.plannedChange);
  const [status, setStatus] = useState<PlanStatus>(row.status);
  const [reason, setReason] = useState(row.declineReason);
  const [error, setError] = useState<string | null>(null);
  const [showDiff, setShowDiff] = useState(false);
  const dirty =
    change !== row.plannedChange ||
    status !== row.status ||
    reason !== row.declineReason ||
    chosen.join() !== row.sections.join();
  const prefix = `row-${row.id}`;

  function submit(event: FormEvent) {
    event.preventDefault();
    if (status === 'declined' && !reason.trim()) return setError(t('reviews.row.reasonRequired'));
    setError(null);
    save.mutate(
      {
        id: row.id,
        sections: chosen,
        plannedChange: change,
        status,
        declineReason: reason,
        ifUpdatedAt: row.updatedAt,
      },
      {
        onError: (e) =>
          setError(statusOf(e) === 409 ? t('reviews.row.stale') : messageOf(e, t('reviews.row.saveFailed'))),
      },
    );
  }

  return (
    <li className="rounded-md border border-slate-200 bg-white p-3" data-testid="plan-row">
      <form onSubmit={submit} noValidate aria-labelledby={`${prefix}-quote`}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CritiqueHead row={row} />
          <ToneBadge tone={STATUS_TONE[row.status]}>{t(`reviews.status.${row.status}`)}</ToneBadge>
        </div>
        <blockquote id={`${prefix}-quote`} className="mt-2 text-sm break-words text-slate-900">
          “{row.quote}”
        </blockquote>
        {row.problems.length > 0 ? (
          <ul className="mt-2 list-disc pl-5 text-sm text-orange-900" data-testid="row-problems">
            {row.problems.map((p) => (
              <li key={p}>{translateMessage(p)}</li>
            ))}
          </ul>
        ) : (
          <p className="mt-2 text-sm text-green-800">{t('reviews.row.answered')}</p>
        )}
        <fieldset className="mt-3">
          <legend className="text-sm font-medium text-slate-900">{t('reviews.row.sections')}</legend>
          {sections.length === 0 ? (
            <p className="text-sm text-slate-700">{t('reviews.row.noSections')}</p>
          ) : (
            <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
              {sections.map((s) => (
                <label key={s.id} className="flex min-w-0 items-center gap-2 text-sm text-slate-800">
                  <input
                    type="checkbox"
                    checked={chosen.includes(s.id)}
                    onChange={(e) =>
                      setChosen((c) => (e.target.checked ? [...c, s.id] : c.filter((x) => x !== s.id)))
                    }
                  />
                  <span className="break-words">{s.header}</span>
                </label>
              ))}
            </div>
          )}
        </fieldset>
        <div className="mt-3 flex flex-col gap-1">
          <Label htmlFor={`${prefix}-change`}>{t('reviews.row.change')}</Label>
          <Textarea
            id={`${prefix}-change`}
            rows={3}
            maxLength={PLAN_TEXT_MAX}
            className="min-h-[80px]"
            value={change}
            onChange={(e) => setChange(e.target.value)}
          />
        </div>
        <div className="mt-3 grid grid-cols-1 gap-3 sm:grid-cols-[12rem_minmax(0,1fr)]">
          <div className="flex flex-col gap-1">
            <Label htmlFor={`${prefix}-status`}>{t('reviews.row.status')}</Label>
            <Select
              id={`${prefix}-status`}
              value={status}
              options={PLAN_STATUSES.map((s) => ({ value: s, label: t(`reviews.status.${s}`) }))}
              onChange={(e) => setStatus(e.target.value as PlanStatus)}
            />
          </div>
          {status === 'declined' ? (
            <div className="flex flex-col gap-1">
              <Label htmlFor={`${prefix}-reason`}>{t('reviews.row.reason')}</Label>
              <Textarea
                id={`${prefix}-reason`}
                rows={2}
                maxLength={PLAN_TEXT_MAX}
                className="min-h-[60px]"
                required
                aria-invalid={error !== null && !reason.trim() ? true : undefined}
                value={reason}
                onChange={(e) => setReason(e.target.value)}
              />
            </div>
          ) : null}
        </div>
        {error ? (
          <p role="alert" className="mt-2 text-sm text-red-700">
            {error}
          </p>
        ) : null}
        <div className="mt-3 flex flex-wrap items-center gap-2">
          <Button type="submit" size="sm" disabled={save.isPending || !dirty}>
            {save.isPending ? t('reviews.row.saving') : t('reviews.row.save')}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            aria-expanded={showDiff}
            aria-controls={`${prefix}-diff`}
            disabled={row.sections.length === 0}
            onClick={() => setShowDiff((v) => !v)}
          >
            {showDiff ? t('reviews.row.hideChanges') : t('reviews.row.showChanges')}
          </Button>
          {row.changed ? (
            <span className="text-xs text-slate-700">
              {t('reviews.row.changedCount', {
                added: row.changed.added,
                removed: row.changed.removed,
                version: reviewedVersion,
              })}
            </span>
          ) : null}
        </div>
      </form>
      {showDiff ? (
        <div id={`${prefix}-diff`} className="mt-3">
          <DiffView
            applicationId={applicationId}
            critiqueId={row.id}
            stamp={`${currentVersion}:${row.updatedAt}`}
          />
        </div>
      ) : null}
    </li>
  );
}

function DiffView({
  applicationId,
  critiqueId,
  stamp,
}: {
  applicationId: string;
  critiqueId: string;
  stamp: string;
}) {
  const { t } = useTranslation();
  const diff = useQuery(critiqueDiffQuery(applicationId, critiqueId, stamp, true));
  if (diff.isLoading) return <p className="text-sm text-slate-700">{t('reviews.diff.loading')}</p>;
  if (diff.error || !diff.data)
    return (
      <p role="alert" className="text-sm text-red-700">
        {t('reviews.diff.failed')}
      </p>
    );
  const { fromVersion, toVersion, sections } = diff.data;
  return (
    <div className="rounded-md border border-slate-200 bg-slate-50 p-3" data-testid="critique-diff">
      <p className="text-xs text-slate-700">
        {t('reviews.diff.between', { from: fromVersion, to: toVersion })}
      </p>
      {sections.map((s) => (
        <div key={s.id} className="mt-2">
          <h3 className="text-sm font-medium text-slate-900">
            {s.header}{' '}
            <span className="font-normal text-slate-700">
              {t('reviews.diff.counts', { added: s.added, removed: s.removed })}
            </span>
          </h3>
          {s.added === 0 && s.removed === 0 ? (
            <p className="text-sm text-slate-700">{t('reviews.diff.none')}</p>
          ) : (
            <p className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-900">
              {s.parts.map((p, n) =>
                p.added ? (
                  <ins key={n} className="bg-green-100 text-green-900">
                    {p.value}
                  </ins>
                ) : p.removed ? (
                  <del key={n} className="bg-red-100 text-red-900">
                    {p.value}
                  </del>
                ) : (
                  <span key={n}>{p.value}</span>
                ),
              )}
            </p>
          )}
        </div>
      ))}
    </div>
  );
}

function ResponsePanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const generate = useGenerateResponse(applicationId);
  const [copied, setCopied] = useState<'yes' | 'no' | null>(null);
  const [docxFailed, setDocxFailed] = useState(false);
  const response = generate.data;

  async function copy(r: ResponseSection) {
    try {
      await navigator.clipboard.writeText(`${r.heading}\n\n${r.text}`);
      setCopied('yes');
    } catch {
      setCopied('no');
    }
  }

  function download(r: ResponseSection) {
    const href = URL.createObjectURL(new Blob([`${r.heading}\n\n${r.text}\n`], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = href;
    a.download = 'response-to-reviews.txt';
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(href), 1000);
  }

  return (
    <section aria-labelledby="response-heading">
      <h2 id="response-heading" className="text-lg font-semibold text-slate-900">
        {t('reviews.response.heading')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('reviews.response.help')}</p>
      <Button className="mt-3" onClick={() => generate.mutate()} disabled={generate.isPending}>
        {generate.isPending ? t('reviews.response.generating') : t('reviews.response.generate')}
      </Button>
      {generate.error ? (
        <p role="alert" className="mt-2 text-sm text-red-700">
          {messageOf(generate.error, t('reviews.response.failed'))}
        </p>
      ) : null}
      {response ? (
        <Card className="mt-3 p-4" data-testid="response-section">
          <h3 className="font-semibold break-words text-slate-900">{response.heading}</h3>
          <p
            className={
              response.overLimit ? 'mt-1 text-sm font-medium text-red-700' : 'mt-1 text-sm text-slate-700'
            }
            data-testid="response-count"
          >
            {response.limit
              ? t(response.overLimit ? 'reviews.response.overLimit' : 'reviews.response.withinLimit', {
                  words: response.words,
                  limit: response.limit.words,
                  printed: response.limit.text,
                })
              : t('reviews.response.noLimit', { words: response.words })}
          </p>
          {response.limit ? (
            <p className="mt-1 text-xs break-words text-slate-700">
              {response.limit.note}{' '}
              {response.limit.sources.map((s) => (
                <a
                  key={s}
                  href={s}
                  className="mr-2 break-all text-brand-800 underline"
                  rel="noreferrer"
                  target="_blank"
                >
                  {t('reviews.response.source')}
                </a>
              ))}
            </p>
          ) : null}
          <pre className="mt-3 rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-900">
            {response.text}
          </pre>
          <div className="mt-3 flex flex-wrap items-center gap-2">
            <Button variant="secondary" size="sm" onClick={() => void copy(response)}>
              {t('reviews.response.copy')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => download(response)}>
              {t('reviews.response.download')}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() =>
                void downloadFile(
                  `/api/applications/${applicationId}/reviews/response.docx`,
                  'response-to-reviews.docx',
                ).then((result) => setDocxFailed(result !== 'ok'))
              }
            >
              {t('reviews.response.docx')}
            </Button>
            <span role="status" className="text-sm text-slate-700">
              {docxFailed
                ? t('reviews.response.docxFailed')
                : copied === 'yes'
                  ? t('reviews.response.copied')
                  : copied === 'no'
                    ? t('reviews.response.copyFailed')
                    : ''}
            </span>
          </div>
          {response.unanswered.length > 0 ? (
            <div className="mt-4" data-testid="response-unanswered">
              <h4 className="text-sm font-semibold text-slate-900">
                {t('reviews.response.unanswered', { count: response.unanswered.length })}
              </h4>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                {response.unanswered.map((u) => (
                  <li key={u.id} className="break-words">
                    {u.source}: “{u.quote}”
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
          {response.leftOut.length > 0 ? (
            <div className="mt-4" data-testid="response-left-out">
              <h4 className="text-sm font-semibold text-slate-900">
                {t('reviews.response.leftOut', { count: response.leftOut.length })}
              </h4>
              <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
                {response.leftOut.map((u) => (
                  <li key={u.id} className="break-words">
                    {u.source}: “{u.quote}” — {translateMessage(u.reason)}
                  </li>
                ))}
              </ul>
            </div>
          ) : null}
        </Card>
      ) : null}
      <ModelResponsePanel applicationId={applicationId} />
    </section>
  );
}
