import {
  DEFAULT_CREDIT_PACKS,
  formatMoney,
  REFUND_WINDOW_DAYS,
  type Currency,
} from '@grantleaf/shared/pricing';
import { useState } from 'react';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { useAfterHydration } from '../../../lib/use-hydrated.ts';
import { CostList, CurrencyToggle } from './pricing-parts.tsx';
import { pricingQuery } from '../api/billing.queries.ts';
import { useQuery } from '@tanstack/react-query';

/**
 * The landing page's prices. The build pre-renders the default packs; the operator's packs
 * (CREDIT_PACKS) replace them once the API answers after hydration. Zod-free, so it adds little
 * to the landing page's entry chunk.
 */
export function PricingSection() {
  const { t } = useTranslation();
  const query = useQuery(pricingQuery());
  const packs = useAfterHydration(query.data?.packs) ?? DEFAULT_CREDIT_PACKS;
  const [currency, setCurrency] = useState<Currency>('CAD');
  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="pricing-title" className="text-3xl font-bold text-slate-900">
            {t('pricing.title')}
          </h2>
          <p className="mt-3 max-w-2xl text-slate-700">{t('pricing.intro')}</p>
        </div>
        <CurrencyToggle value={currency} onChange={setCurrency} />
      </div>
      <ul className="mt-8 grid gap-6 md:grid-cols-3" data-testid="pricing-packs">
        {packs.map((pack) => {
          const cents = pack.prices[currency];
          return (
            <li key={pack.id} className="rounded-xl border border-slate-200 bg-white p-6">
              <p className="text-xl font-semibold text-slate-900">
                {t('pricing.packCredits', { count: pack.credits })}
              </p>
              <p className="mt-2 text-3xl font-extrabold text-slate-900">
                {cents ? formatMoney(cents, currency) : '—'}
              </p>
              {cents ? (
                <p className="text-sm text-slate-700">
                  {t('pricing.perCredit', { price: formatMoney(Math.round(cents / pack.credits), currency) })}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
      <div className="mt-8 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{t('pricing.whatCreditsBuy')}</h3>
          <CostList className="mt-2 text-base" />
        </div>
        <div>
          <h3 className="text-lg font-semibold text-slate-900">
            {t('pricing.guaranteeTitle', { days: REFUND_WINDOW_DAYS })}
          </h3>
          <p className="mt-2 text-slate-700">{t('pricing.guaranteeBody', { days: REFUND_WINDOW_DAYS })}</p>
          <Link to="/register" className={`${buttonClass('primary')} mt-4`}>
            {t('pricing.startFree')}
          </Link>
        </div>
      </div>
    </div>
  );
}
