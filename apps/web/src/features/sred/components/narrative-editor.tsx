import {
  SRED_EVIDENCE_FILES,
  T661_SOURCE,
  T661_WORD_LIMITS,
  type ClaimView,
  type Project,
} from '@grantleaf/shared/sred/sred.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { FileInput, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useSaveProject, useUploadEvidence } from '../api/sred.api.ts';
import { NarrativeDraftPanel } from './narrative-draft-panel.tsx';

const countWords = (text: string) => text.match(/[\p{L}\p{N}][\p{L}\p{N}'’.\-/%$,]*/gu)?.length ?? 0;

/** T661 Part 2's three questions, in the order of the form (their labels are in en.sred.json). */
const FIELDS = ['uncertainty', 'work', 'advancements'] as const;

/** One project's T661 Part 2 text, its evidence log and the server's offline checks of them. */
export function NarrativeEditor({ claim, project }: { claim: ClaimView; project: Project }) {
  const [draft, setDraft] = useState(() => {
    const { id: _id, checks: _checks, ...rest } = project;
    return rest;
  });
  const { t } = useTranslation();
  const save = useSaveProject(claim.id);
  const upload = useUploadEvidence();
  const set = (k: Exclude<keyof typeof draft, 'evidenceFiles'>, v: string) =>
    setDraft((d) => ({ ...d, [k]: v }));
  function attach(file: File) {
    if (draft.evidenceFiles.length >= SRED_EVIDENCE_FILES) {
      toast.error(t('sred.evidenceLimit', { count: SRED_EVIDENCE_FILES }));
      return;
    }
    upload.mutate(file, {
      onSuccess: ({ fileUrl }) => {
        setDraft((d) => ({ ...d, evidenceFiles: [...d.evidenceFiles, { fileUrl, name: file.name }] }));
        toast.success(t('sred.evidenceAttached'));
      },
      onError: (err) => toast.error(messageOf(err, t('sred.evidenceUploadFailed'))),
    });
  }
  const id = (k: string) => `sred-${project.id}-${k}`;
  return (
    <details className="rounded border border-slate-200 bg-white p-3" open={project.checks.length > 0}>
      <summary className="cursor-pointer font-medium text-slate-900">
        {project.title} ·{' '}
        {project.checks.length === 0
          ? t('sred.narrative.noFindings')
          : t('sred.narrative.findings', { count: project.checks.length })}
      </summary>
      <div className="mt-3 space-y-3">
        <div className="grid grid-cols-1 gap-3 sm:grid-cols-3">
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('title')}>{t('sred.narrative.projectTitle')}</Label>
            <Input id={id('title')} value={draft.title} onChange={(e) => set('title', e.target.value)} />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('fieldCode')}>{t('sred.narrative.fieldCode')}</Label>
            <Input
              id={id('fieldCode')}
              value={draft.fieldCode}
              onChange={(e) => set('fieldCode', e.target.value)}
            />
          </div>
          <div className="flex flex-col gap-1">
            <Label htmlFor={id('keyPersonnel')}>{t('sred.narrative.keyPersonnel')}</Label>
            <Input
              id={id('keyPersonnel')}
              value={draft.keyPersonnel}
              onChange={(e) => set('keyPersonnel', e.target.value)}
            />
          </div>
        </div>
        {FIELDS.map((f) => {
          const limit = T661_WORD_LIMITS[f];
          const n = countWords(draft[f]);
          return (
            <div key={f} className="flex flex-col gap-1">
              <Label htmlFor={id(f)}>
                {t('sred.narrative.lineLabel', { line: limit.line, question: t(`sred.narrative.${f}`) })}
              </Label>
              <Textarea id={id(f)} rows={5} value={draft[f]} onChange={(e) => set(f, e.target.value)} />
              <span className={n > limit.words ? 'text-xs text-red-700' : 'text-xs text-slate-600'}>
                {t('sred.narrative.words', { words: n, limit: limit.words })}
                {!limit.verified && ` ${t('sred.narrative.limitUnverified')}`}
              </span>
            </div>
          );
        })}
        <div className="flex flex-col gap-1">
          <Label htmlFor={id('evidence')}>{t('sred.narrative.evidenceLog')}</Label>
          <Textarea
            id={id('evidence')}
            rows={4}
            value={draft.evidence}
            onChange={(e) => set('evidence', e.target.value)}
          />
        </div>
        <NarrativeDraftPanel
          claimId={claim.id}
          projectId={project.id}
          onUse={(part, text) => set(part, text)}
        />
        <div className="flex flex-col gap-1">
          <h4 className="text-sm font-semibold text-slate-900">{t('sred.evidenceFiles')}</h4>
          {draft.evidenceFiles.length === 0 ? (
            <p className="text-sm text-slate-700">{t('sred.noEvidenceFiles')}</p>
          ) : (
            <ul className="space-y-1 text-sm text-slate-800" data-testid="sred-evidence-files">
              {draft.evidenceFiles.map((f) => (
                <li key={f.fileUrl} className="flex flex-wrap items-center gap-2">
                  <span className="break-all">{f.name}</span>
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={t('sred.removeEvidence', { name: f.name })}
                    onClick={() =>
                      setDraft((d) => ({
                        ...d,
                        evidenceFiles: d.evidenceFiles.filter((x) => x.fileUrl !== f.fileUrl),
                      }))
                    }
                  >
                    ×
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <Label htmlFor={id('evidenceFile')}>{t('sred.attachEvidence')}</Label>
          <FileInput
            id={id('evidenceFile')}
            disabled={upload.isPending}
            onChange={(e) => {
              const file = e.target.files?.[0];
              e.target.value = '';
              if (file) attach(file);
            }}
          />
          {upload.isPending && (
            <span role="status" className="text-xs text-slate-600">
              {t('sred.uploadingEvidence')}
            </span>
          )}
        </div>
        <Button
          size="sm"
          disabled={save.isPending || upload.isPending}
          onClick={() =>
            save.mutate(
              { projectId: project.id, ...draft },
              {
                onSuccess: () => toast.success(t('sred.narrative.saved')),
                onError: (err) => toast.error(messageOf(err, t('sred.narrative.saveFailed'))),
              },
            )
          }
        >
          {t('sred.narrative.saveAndCheck')}
        </Button>
        <section aria-label={t('sred.narrative.checksOf', { title: project.title })}>
          <h4 className="text-sm font-semibold text-slate-900">{t('sred.narrative.checks')}</h4>
          {project.checks.length === 0 ? (
            <p className="text-sm text-slate-700">{t('sred.narrative.noChecks')}</p>
          ) : (
            <ul
              lang="en"
              className="list-disc space-y-1 pl-5 text-sm text-amber-950"
              data-testid="sred-findings"
            >
              {project.checks.map((c, i) => (
                <li key={i}>{c.message}</li>
              ))}
            </ul>
          )}
          <p className="text-xs text-slate-600">
            {t('sred.narrative.wordLimits')}{' '}
            <a className="underline" href={T661_SOURCE} target="_blank" rel="noreferrer">
              {t('sred.narrative.t661Guide')}
            </a>{' '}
            {t('sred.narrative.read', { date: '2026-11-27' })}
          </p>
        </section>
      </div>
    </details>
  );
}
