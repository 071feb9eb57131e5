import { capabilityClaim, SOCIAL_PROOF } from '@grantleaf/shared/marketing-content';
import { Link } from 'react-router';
import { buttonClass } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';
import { usePublicConfig } from '../api/public.api.ts';
import { InfoLayout } from './info-layout.tsx';

/**
 * The questions in order, each with its answer's paragraphs (keys of en.info.json / fr.info.json). `info.aiUse` says which features use an AI model (issue 18 item 9);
 * it must match the server: the generation, analysis, idea and funding jobs call the configured
 * provider and fall back to the built-in rules engine (apps/server/src/ai/model/, modules/ideas,
 * modules/funding/funding-ai.ts).
 */
const FAQS = [
  ['info.faq.ethics.q', ['info.faq.ethics.a1', 'info.faq.ethics.a2', 'info.aiUse']],
  ['info.faq.training.q', ['info.faq.training.a1']],
  ['info.faq.privacy.q', ['info.faq.privacy.a1']],
  ['info.faq.depth.q', ['info.faq.depth.a1']],
  ['info.faq.credibility.q', ['info.faq.credibility.a1']],
  ['info.faq.confidential.q', ['info.faq.confidential.a1']],
] as const;

/** /faqs: questions professors ask (spec §2). */
export function FaqPage() {
  const { t } = useTranslation();
  const { data: config } = usePublicConfig();
  return (
    <InfoLayout
      title={t('info.faq.title')}
      intro={
        <p>
          {t('info.faq.intro')} {translateMessage(SOCIAL_PROOF)}{' '}
          {translateMessage(capabilityClaim('faqWhatItDoes', config?.aiModel))}
        </p>
      }
    >
      <div className="grid gap-5 md:grid-cols-2">
        {FAQS.map(([question, answers]) => (
          <Card key={question} className="p-6">
            <h2 className="text-lg font-semibold text-slate-900">{t(question)}</h2>
            <div className="mt-3 space-y-3 text-slate-800">
              {answers.map((part) => (
                <p key={part}>{t(part)}</p>
              ))}
            </div>
          </Card>
        ))}
      </div>
      <div className="mt-10 flex flex-wrap items-center gap-3">
        <Link to="/register" className={buttonClass('primary', 'lg')}>
          {t('info.layout.signUp')}
        </Link>
        <Link to="/login" className={buttonClass('secondary', 'lg')}>
          {t('info.layout.login')}
        </Link>
        <Link to="/security-faq" className="ml-1 text-sm font-medium text-brand-800 underline">
          {t('info.faq.securityLink')}
        </Link>
      </div>
    </InfoLayout>
  );
}
