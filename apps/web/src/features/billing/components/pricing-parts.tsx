import { type PricedWork, priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import { CURRENCIES, type Currency } from '@grantleaf/shared/pricing';
import { useTranslation } from '../../../i18n/index.ts';
import type en from '../../../i18n/locales/en.json';
import { formatCreditAmount } from '../../../lib/format-number.ts';

/** What each paid action costs, in the words of the dashboard's buttons (spec §1); labels in the catalogue. */
export const ACTION_COSTS: ReadonlyArray<{ work: PricedWork & keyof typeof en.pricing.actions }> = [
  { work: 'generation' },
  { work: 'analysis' },
  { work: 'idea' },
  { work: 'funding' },
];

export function CostList({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <ul className={`space-y-1 text-sm text-slate-800 ${className}`}>
      {ACTION_COSTS.map(({ work }) => (
        <li key={work} className="flex justify-between gap-4">
          <span>{t(`pricing.actions.${work}`)}</span>
          <span className="font-medium">
            {t('pricing.credits', { credits: formatCreditAmount(priceInCredits(work)) })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  const { t } = useTranslation();
  return (
    <div
      role="radiogroup"
      aria-label={t('pricing.currency')}
      className="inline-flex rounded-md border border-slate-300 p-0.5"
    >
      {CURRENCIES.map((c) => (
        <button
          key={c}
          type="button"
          role="radio"
          aria-checked={value === c}
          onClick={() => onChange(c)}
          className={`rounded px-3 py-1 text-sm font-medium ${value === c ? 'bg-brand-700 text-white' : 'text-slate-800 hover:bg-slate-100'}`}
        >
          {c}
        </button>
      ))}
    </div>
  );
}
