import { priceInCredits, type PricedWork } from '@grantleaf/shared/constants';
import { CURRENCIES, type Currency } from '@grantleaf/shared/pricing';

/** What each paid action costs, in the words of the dashboard's buttons (spec §1). */
export const ACTION_COSTS: Array<{ work: PricedWork; label: string }> = [
  { work: 'generation', label: 'Generate a grant application' },
  { work: 'analysis', label: 'Analyse an application' },
  { work: 'idea', label: 'Generate research ideas' },
  { work: 'funding', label: 'Find funding' },
];

export function CostList({ className = '' }: { className?: string }) {
  return (
    <ul className={`space-y-1 text-sm text-slate-800 ${className}`}>
      {ACTION_COSTS.map(({ work, label }) => (
        <li key={work} className="flex justify-between gap-4">
          <span>{label}</span>
          <span className="font-medium">{priceInCredits(work).toFixed(1)} credits</span>
        </li>
      ))}
    </ul>
  );
}

export function CurrencyToggle({ value, onChange }: { value: Currency; onChange: (c: Currency) => void }) {
  return (
    <div
      role="radiogroup"
      aria-label="Currency"
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
