import {
  canRemoveMilestone,
  milestoneDurationDays,
  newMilestone,
  totalMilestoneBudget,
  type Milestone,
} from '@grantleaf/shared/submissions.schema';
import { Button } from '../../../components/ui/button.tsx';
import { FieldError, Input, Label, Textarea } from '../../../components/ui/input.tsx';
import '../../../i18n/submissions-catalogue.ts';
import { INTL_LOCALE, useTranslation } from '../../../i18n/index.ts';
import { formatCents } from '../../../lib/format-number.ts';

let nextKey = 0;
export const makeMilestone = (index: number): Milestone => newMilestone(index, `m${Date.now()}-${nextKey++}`);

/** Spec §4 milestone rules: 'Phase 1: Research & Planning' first, then 'Phase N'; at least one stays. */
export function MilestoneEditor({
  value,
  onChange,
  currency = null,
  error,
}: {
  value: Milestone[];
  onChange: (next: Milestone[]) => void;
  /** The program's currency ('CAD', 'USD'); null until a program is chosen. */
  currency?: string | null;
  /** The form's message about the milestones (spec §5: complete them or remove them). */
  error?: string;
}) {
  const { t, language } = useTranslation();
  const update = (id: string, patch: Partial<Milestone>) =>
    onChange(value.map((m) => (m.id === id ? { ...m, ...patch } : m)));
  const total = totalMilestoneBudget(value);
  return (
    <fieldset
      className="space-y-3 rounded-md border border-slate-200 p-3"
      aria-describedby={error ? 'milestones-error' : undefined}
    >
      <legend className="px-1 text-sm font-semibold text-slate-800">{t('milestones.legend')}</legend>
      {value.map((m, i) => {
        const days = milestoneDurationDays(m.startDate, m.endDate);
        const p = `milestone-${i + 1}`;
        return (
          <div key={m.id} className="space-y-2 rounded-md bg-slate-50 p-3" data-testid="milestone">
            <div className="flex items-end gap-2">
              <div className="flex-1">
                <Label htmlFor={`${p}-title`}>{t('milestones.title', { n: i + 1 })}</Label>
                <Input
                  id={`${p}-title`}
                  value={m.title}
                  maxLength={500}
                  onChange={(e) => update(m.id, { title: e.target.value })}
                />
              </div>
              {canRemoveMilestone(value.length) && (
                <Button
                  variant="ghost"
                  size="sm"
                  aria-label={t('milestones.removeLabel', { n: i + 1 })}
                  onClick={() => onChange(value.filter((x) => x.id !== m.id))}
                >
                  {t('milestones.remove')}
                </Button>
              )}
            </div>
            <div>
              <Label htmlFor={`${p}-description`}>{t('milestones.description')}</Label>
              <Textarea
                id={`${p}-description`}
                className="min-h-[60px]"
                value={m.description}
                onChange={(e) => update(m.id, { description: e.target.value })}
              />
            </div>
            <div className="grid grid-cols-1 gap-2 sm:grid-cols-3">
              <div>
                <Label htmlFor={`${p}-start`}>{t('milestones.start')}</Label>
                <Input
                  id={`${p}-start`}
                  type="date"
                  value={m.startDate}
                  onChange={(e) => update(m.id, { startDate: e.target.value })}
                />
              </div>
              <div>
                <Label htmlFor={`${p}-end`}>{t('milestones.end')}</Label>
                <Input
                  id={`${p}-end`}
                  type="date"
                  value={m.endDate}
                  onChange={(e) => update(m.id, { endDate: e.target.value })}
                />
              </div>
              <div>
                <Label htmlFor={`${p}-budget`}>
                  {currency ? t('milestones.budgetIn', { currency }) : t('milestones.budget')}
                </Label>
                <Input
                  id={`${p}-budget`}
                  placeholder={t('milestones.budgetPlaceholder')}
                  value={m.budgetAmount}
                  onChange={(e) => update(m.id, { budgetAmount: e.target.value })}
                />
              </div>
            </div>
            <div>
              <Label htmlFor={`${p}-deliverables`}>{t('milestones.deliverables')}</Label>
              <Input
                id={`${p}-deliverables`}
                value={m.deliverables}
                onChange={(e) => update(m.id, { deliverables: e.target.value })}
              />
            </div>
            {days !== null && (
              <p className="text-xs text-slate-700">{t('milestones.duration', { count: days })}</p>
            )}
          </div>
        );
      })}
      <div className="flex items-center justify-between">
        <Button
          variant="secondary"
          size="sm"
          onClick={() => onChange([...value, makeMilestone(value.length + 1)])}
        >
          {t('milestones.add')}
        </Button>
        <p className="text-sm text-slate-800" data-testid="milestone-total">
          {t('milestones.total', {
            total: currency
              ? formatCents(Math.round(total * 100), currency)
              : total.toLocaleString(INTL_LOCALE[language]),
          })}
        </p>
      </div>
      <FieldError id="milestones-error">{error}</FieldError>
    </fieldset>
  );
}
