import { formatCredits } from '@grantleaf/shared/constants';
import { priceInCredits } from '@grantleaf/shared/paid-work-catalogue';
import type { ModelResponse } from '@grantleaf/shared/review-response.schema';
import { Button } from '../../../components/ui/button.tsx';
import { Card } from '../../../components/ui/card.tsx';
import { useTranslation } from '../../../i18n/index.ts';
import { messageOf } from '../../../lib/api.ts';
import { useStartModelResponse } from '../api/reviews.api.ts';
import { modelResponsesQuery } from '../api/reviews.queries.ts';
import { useQuery } from '@tanstack/react-query';

const PRICE = formatCredits(priceInCredits('review_response'));

/**
 * The response section written as prose by the model (issue 27 §3, ADR 1035), under the offline
 * one. Without a configured model there is no button: the offline text is the response. The price
 * is on the button; each kept paragraph shows the critiques it answers, what the server's check
 * removed is listed with why, and the count against the limit says when it is over (nothing is
 * cut). Model text is React text, never HTML.
 */
export function ModelResponsePanel({ applicationId }: { applicationId: string }) {
  const { t } = useTranslation();
  const list = useQuery(modelResponsesQuery(applicationId));
  const start = useStartModelResponse(applicationId);
  if (!list.data?.available) return null;
  const latest = list.data.data[0];
  const running = start.isPending || latest?.status === 'processing';

  const ask = () => start.mutate();

  return (
    <div className="mt-4 space-y-2" data-testid="model-response">
      <h3 className="font-semibold text-slate-900">{t('reviews.model.heading')}</h3>
      <p className="text-sm text-slate-700">{t('reviews.model.help')}</p>
      <Button variant="secondary" size="sm" disabled={running} onClick={ask}>
        {running
          ? t('reviews.model.writing')
          : t(latest ? 'reviews.model.again' : 'reviews.model.start', { price: PRICE })}
      </Button>
      {start.isError ? (
        <p role="alert" className="text-sm text-red-800">
          {messageOf(start.error, t('reviews.model.startFailed'))}
        </p>
      ) : null}
      {latest && latest.status !== 'processing' ? <ModelResponseView response={latest} /> : null}
    </div>
  );
}

function ModelResponseView({ response }: { response: ModelResponse }) {
  const { t } = useTranslation();
  if (response.status === 'failed' || response.text === null)
    return (
      <p role="alert" lang="en" className="text-sm text-red-800">
        {response.error}
      </p>
    );
  const words = response.words ?? 0;
  return (
    <Card className="p-4" data-testid="model-response-text">
      <h4 className="font-semibold break-words text-slate-900">{response.heading}</h4>
      <p
        className={
          response.overLimit ? 'mt-1 text-sm font-medium text-red-700' : 'mt-1 text-sm text-slate-700'
        }
        data-testid="model-response-count"
      >
        {response.limit
          ? t(response.overLimit ? 'reviews.response.overLimit' : 'reviews.response.withinLimit', {
              words,
              limit: response.limit.words,
              printed: response.limit.text,
            })
          : t('reviews.response.noLimit', { words })}
      </p>
      <div className="mt-3 space-y-3">
        {response.paragraphs.map((p, i) => (
          <div key={i}>
            <p className="break-words whitespace-pre-wrap text-slate-900">{p.text}</p>
            <p className="mt-1 text-xs break-words text-slate-600">
              {t('reviews.model.answers')} {p.rows.map((r) => `${r.source}: “${r.quote}”`).join(' · ')}
            </p>
          </div>
        ))}
      </div>
      {response.removed.length > 0 ? (
        <details className="mt-3 text-sm" data-testid="model-response-removed">
          <summary className="cursor-pointer text-amber-950">
            {t('reviews.model.removed', { count: response.removed.length })}
          </summary>
          <ul className="mt-1 space-y-1 pl-2 text-slate-800">
            {response.removed.map((r, i) => (
              <li key={i} className="break-words">
                {r.text}{' '}
                <span lang="en" className="block text-xs text-amber-950">
                  {r.reason}
                </span>
              </li>
            ))}
          </ul>
        </details>
      ) : null}
      {response.notAnswered.length > 0 ? (
        <div className="mt-3 text-sm" data-testid="model-response-not-answered">
          <p className="font-medium text-slate-900">
            {t('reviews.model.notAnswered', { count: response.notAnswered.length })}
          </p>
          <ul className="list-disc space-y-1 pl-5 text-slate-800">
            {response.notAnswered.map((r) => (
              <li key={r.id} className="break-words">
                {r.source}: “{r.quote}”
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}
