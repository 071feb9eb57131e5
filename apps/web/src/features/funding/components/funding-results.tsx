import type { FundingResults } from '@grantleaf/shared/funding.schema';
import '../../../i18n/funding-catalogue.ts';
import { translateMessage, useTranslation } from '../../../i18n/index.ts';

/**
 * A finished funding search (issue 14 §3): the matched programs, each with its deadline as the
 * catalogue knows it (a date, "(expected)" when projected from the funder's rule, or the kind of
 * intake), and apart from them, collapsed, the programs the rules set aside with the reason.
 * What the engine and the catalogue wrote (program and agency names, notes, ranges, deadlines,
 * intake) stays as written, marked lang="en" (ADR 0640, 0730); the page's own words follow the
 * interface's language, and so do the rules' reasons where fr.messages.json has them (ADR 0930).
 */
export function FundingResultsView({ results }: { results: FundingResults }) {
  const notEligible = results.not_eligible ?? [];
  const notOpen = results.not_open ?? [];
  const { t } = useTranslation();
  return (
    <div className="space-y-3 text-sm">
      {results.notice && (
        <p
          role="note"
          lang="en"
          className="rounded-md border border-amber-200 bg-amber-50 p-2 text-amber-900"
        >
          {results.notice}
        </p>
      )}
      {results.applicant_note && (
        <p className="text-slate-700" data-testid="applicant-note" lang="en">
          {results.applicant_note}
        </p>
      )}
      {results.funding_programs.length === 0 ? (
        <p className="text-slate-600">{t('fundingResults.none')}</p>
      ) : (
        <ul className="space-y-1">
          {results.funding_programs.map((p) => (
            <li key={`${p.agency_name}-${p.program_name}`}>
              <span lang="en">
                <span className="font-medium">{p.program_name}</span> · {p.agency_name} · {p.funding_range}
              </span>
              {' · '}
              {/* Searches stored before deadlines were computed from rules carry no text. */}
              {t('fundingResults.deadline')}{' '}
              {p.deadline ? <span lang="en">{p.deadline}</span> : t('fundingResults.notPublished')}
            </li>
          ))}
        </ul>
      )}
      {notEligible.length > 0 && (
        <details className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="not-eligible">
          <summary className="cursor-pointer font-medium text-slate-800">
            {t('fundingResults.notEligible', { n: notEligible.length })}
          </summary>
          <ul className="mt-2 space-y-2">
            {notEligible.map((p) => (
              <li key={p.program_id}>
                <span lang="en">
                  <span className="font-medium">{p.program_name}</span> · {p.agency_name}
                </span>
                <p className="text-slate-700">
                  {(p.reasons ?? [p.because]).map((reason, i) => {
                    // The rules' reasons in the interface's language where fr.messages.json has
                    // them (ADR 0930); one it does not have stays English, marked so.
                    const shown = translateMessage(reason);
                    return (
                      <span key={i} lang={shown === reason ? 'en' : undefined}>
                        {i > 0 ? ' ' : ''}
                        {shown}
                      </span>
                    );
                  })}
                </p>
              </li>
            ))}
          </ul>
        </details>
      )}
      {notOpen.length > 0 && (
        <details className="rounded-md border border-slate-200 bg-slate-50 p-2" data-testid="not-open">
          <summary className="cursor-pointer font-medium text-slate-800">
            {t('fundingResults.notOpen', { n: notOpen.length })}
          </summary>
          <ul className="mt-2 space-y-2">
            {notOpen.map((p) => (
              <li key={p.program_id}>
                <span lang="en">
                  <span className="font-medium">{p.program_name}</span> · {p.agency_name}
                </span>
                <p className="text-slate-700">
                  <span lang="en">{p.intake}</span>
                  {p.next_date ? ` · ${t('fundingResults.nextDate', { date: p.next_date })}` : ''}
                </p>
              </li>
            ))}
          </ul>
        </details>
      )}
    </div>
  );
}
