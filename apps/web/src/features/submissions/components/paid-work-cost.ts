import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import { capabilityClaim } from '@grantleaf/shared/marketing-content';
import '../../../i18n/submissions-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { usePublicConfig } from '../../../lib/public-config.ts';

/**
 * What a paid dialog says before the user pays (issue 28 item 3): its price and what the work
 * delivers on this deployment. English is the text the dialogs always showed ("Costs 1 credit.
 * An AI model drafts…", priceText's words); French says "Coût : 1 crédit." and the claim's
 * French (fr.messages.json).
 */
export function usePaidWorkCost(work: 'generation' | 'analysis'): string {
  const { t, language } = useTranslation();
  const { data: config } = usePublicConfig();
  const count = priceInCredits(work);
  const credits = language === 'fr' ? String(count).replace('.', ',') : String(count);
  const price = t('submissionForm.credits', { count, credits });
  return `${t('submissionForm.costs', { price })} ${translateMessage(capabilityClaim(work, config?.aiModel))}`;
}
