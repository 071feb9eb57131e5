import { FUNDING_PERIODS } from '@grantleaf/shared/programs.constants';
import type { GrantProgram } from '@grantleaf/shared/programs.schema';
import { currentLanguage, t } from '../../../i18n/index.ts';
import { formatCount } from '../../../lib/format-number.ts';

type Range = Pick<GrantProgram, 'fundingRange' | 'fundingMin' | 'fundingMax' | 'currency' | 'fundingPeriod'>;

/** An amount as fr-CA writes whole dollars: "20 000 $", "20 000 $ US" (no cents: ranges are round). */
function frenchAmount(amount: number, currency: string): string {
  const symbol = currency === 'CAD' ? '$' : currency === 'USD' ? '$ US' : currency;
  return `${formatCount(amount)}\u00a0${symbol}`;
}

/**
 * A program's funding as the programs table shows it. English: the server's `fundingRange`,
 * exactly (spec §3, `formatFundingRange` in packages/shared). French: the same rule over the same
 * figures, in the catalogue's words and fr-CA amounts ("Jusqu’à 50 000 $ par année"). The two
 * cases mirror formatFundingRange's; `funding-range.test.ts` holds them to it.
 */
export function fundingRangeText(program: Range): string {
  if (currentLanguage() !== 'fr') return program.fundingRange;
  const { fundingMin: min, fundingMax: max, currency, fundingPeriod: period } = program;
  // As formatFundingRange: a period the catalogue does not list adds nothing.
  const known = FUNDING_PERIODS.find((p) => p.value === period);
  const suffix = known ? ` ${t(`labels.fundingPeriod.${known.value}`)}` : '';
  if (min === 0 && max === 0) return t('programsTable.fundingText.nonMonetary');
  if (min != null && max != null && min > 0)
    return min === max
      ? `${frenchAmount(max, currency)}${suffix}`
      : `${frenchAmount(min, currency)} – ${frenchAmount(max, currency)}${suffix}`;
  if (max != null && max > 0)
    return `${t('programsTable.fundingText.upTo', { amount: frenchAmount(max, currency) })}${suffix}`;
  if (min != null && min > 0)
    return `${t('programsTable.fundingText.from', { amount: frenchAmount(min, currency) })}${suffix}`;
  return t('programsTable.fundingText.varies');
}
