import {
  INTERNAL_DEADLINE_DAYS_MAX,
  type OrganisationDetail,
  type ProgramDeadlineView,
} from '@grantleaf/shared/organisations.schema';
import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '../../../components/ui/button.tsx';
import { Input, Label } from '../../../components/ui/input.tsx';
import '../../../i18n/office-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useProgramDeadlines } from '../api/teams.api.ts';
import { ProgramPicker } from './program-picker.tsx';

type Rule = ProgramDeadlineView['deadlines'][number];

/**
 * Per-program internal deadlines (ADR 0650): every member sees them (their internal deadlines
 * follow them); owners and research officers add, remove and save the list.
 */
export function ProgramDeadlines({ org }: { org: OrganisationDetail }) {
  const { t } = useTranslation();
  const { query, save } = useProgramDeadlines(org.id);
  const [draft, setDraft] = useState<Rule[] | null>(null);
  const [programId, setProgramId] = useState('');
  const [program, setProgram] = useState('');
  const [days, setDays] = useState('10');
  const list = draft ?? query.data?.deadlines ?? [];
  const manages = org.role === 'owner' || org.role === 'officer';
  const n = Number(days);
  const inRange = days.trim() !== '' && Number.isInteger(n) && n >= 0 && n <= INTERNAL_DEADLINE_DAYS_MAX;
  const base = `program-deadline-${org.id}`;
  return (
    <section className="mt-4" aria-labelledby={`${base}-title`}>
      <h4 id={`${base}-title`} className="text-sm font-semibold text-slate-900">
        {t('office.programDeadlines.title')}
      </h4>
      <p className="mt-1 text-xs text-slate-600">{t('office.programDeadlines.intro')}</p>
      {list.length === 0 ? (
        <p className="mt-1 text-sm text-slate-700">{t('office.programDeadlines.none')}</p>
      ) : (
        <ul className="mt-1 text-sm" aria-label={t('office.programDeadlines.list', { name: org.name })}>
          {list.map((d) => (
            <li key={d.programId} className="flex flex-wrap items-center justify-between gap-2 py-1">
              <span className="min-w-0 break-words">
                {t('office.programDeadlines.item', { program: d.program, count: d.days })}
              </span>
              {manages ? (
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={t('office.programDeadlines.remove', { name: d.program })}
                  onClick={() => setDraft(list.filter((x) => x.programId !== d.programId))}
                >
                  ×
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      {manages ? (
        <div className="mt-2 flex flex-wrap items-end gap-2">
          <ProgramPicker
            id={`${base}-program`}
            value={programId}
            onChange={(id, name) => {
              setProgramId(id);
              setProgram(name);
            }}
          />
          <div>
            <Label htmlFor={`${base}-days`}>{t('office.programDeadlines.days')}</Label>
            <Input
              id={`${base}-days`}
              type="number"
              min={0}
              max={INTERNAL_DEADLINE_DAYS_MAX}
              className="w-28"
              value={days}
              aria-invalid={!inRange}
              aria-describedby={inRange ? undefined : `${base}-range`}
              onChange={(e) => setDays(e.target.value)}
            />
            {inRange ? null : (
              <p id={`${base}-range`} className="mt-1 text-xs text-red-700">
                {t('office.programDeadlines.range')}
              </p>
            )}
          </div>
          <Button
            size="sm"
            variant="secondary"
            disabled={!programId || !inRange}
            onClick={() => {
              setDraft(
                [...list.filter((d) => d.programId !== programId), { programId, program, days: n }].sort(
                  (a, b) => a.program.localeCompare(b.program),
                ),
              );
              setProgramId('');
            }}
          >
            {t('office.programDeadlines.add')}
          </Button>
          <Button
            size="sm"
            disabled={!draft || save.isPending}
            onClick={() =>
              save.mutate(
                { deadlines: list.map(({ programId: id, days: d }) => ({ programId: id, days: d })) },
                {
                  onSuccess: () => {
                    setDraft(null);
                    toast.success(t('office.programDeadlines.saved'));
                  },
                  onError: (err) =>
                    toast.error(t('office.orgs.notSaved'), {
                      description: messageOf(err, t('office.tryAgain')),
                    }),
                },
              )
            }
          >
            {t('office.programDeadlines.save')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
