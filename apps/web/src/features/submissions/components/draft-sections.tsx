import type {
  GeneratedApplication,
  GeneratedSection,
  SectionTable,
} from '@grantleaf/shared/grant-results.schema';
import '../../../i18n/submissions-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

/**
 * A draft's sections as the funder asks for them: the prose, the section's count against its limit,
 * the milestone table as a real table, and the questions the applicant still has to answer.
 * Everything here is untrusted text, rendered as React text only.
 */

// Control characters (except newlines and tabs) and bidi overrides can disguise text.
// eslint-disable-next-line no-control-regex -- control characters are exactly what is being removed
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\u202a-\u202e\u2066-\u2069]/g;
const clean = (value: unknown): string => String(value ?? '').replace(CONTROL, '');

function Table({ table }: { table: SectionTable }) {
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm" data-testid="section-table">
        <caption className="p-2 text-left font-medium text-slate-900">{clean(table.caption)}</caption>
        <thead>
          <tr className="border-b border-slate-300">
            {table.columns.map((c, i) => (
              <th key={i} scope="col" className="border border-slate-300 bg-slate-50 p-2">
                {clean(c)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {table.rows.map((row, i) => (
            <tr key={i} className="border-b border-slate-200">
              {row.map((cell, j) => (
                <td key={j} className="border border-slate-300 p-2">
                  {clean(cell)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The language of the engine's own words in a draft: French on a French draft, else English. */
export const draftLang = (app: GeneratedApplication): 'en' | 'fr' => app.language ?? 'en';

/**
 * The draft's own text (headings, prose, notes, questions) is the engine's, marked with the
 * draft's language (ADRs 1140, 1175) so a screen reader reads it in that language; a French
 * draft's heading is French only where it is the funder's French name (else its English header).
 */
function Section({ section, app }: { section: GeneratedSection; app: GeneratedApplication }) {
  const { t } = useTranslation();
  const questions = section.questions ?? [];
  const lang = draftLang(app);
  const headingLang = lang === 'fr' && app.sectionNames?.some((n) => n.fr === section.heading) ? 'fr' : 'en';
  return (
    <section className="space-y-2" data-testid="result-section">
      <h2 lang={headingLang} className="text-lg font-semibold text-slate-900">
        {clean(section.heading)}
      </h2>
      {section.count && (
        <p
          className={`text-sm ${section.count.status === 'over' ? 'text-red-800' : 'text-slate-700'}`}
          data-testid="section-count"
        >
          {t('viewer.length')} <span lang={lang}>{clean(section.count.note)}</span>
        </p>
      )}
      {section.body && (
        <p lang={lang} className="whitespace-pre-wrap text-slate-800">
          {clean(section.body)}
        </p>
      )}
      {section.table && <Table table={section.table} />}
      {section.fallbackReason && (
        <p lang="en" className="text-sm text-amber-900">
          {clean(section.fallbackReason)}
        </p>
      )}
      {section.toConfirm && section.toConfirm.length > 0 && (
        <p className="text-sm text-amber-900">
          {t('viewer.toConfirm')} <span lang="en">{section.toConfirm.map(clean).join(', ')}</span>
        </p>
      )}
      {questions.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="section-questions">
          <p className="text-sm font-medium text-amber-900">{t('viewer.questions')}</p>
          <ul lang={lang} className="list-disc pl-6 text-sm text-amber-900">
            {questions.map((q, i) => (
              <li key={i}>{clean(q)}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

export function DraftSections({ app }: { app: GeneratedApplication }) {
  const { t } = useTranslation();
  const rules = app.ruleChecks ?? [];
  const hasTable = app.sections.some((s) => s.table);
  return (
    <>
      {app.sections.map((section, i) => (
        <Section key={i} section={section} app={app} />
      ))}
      {/* Drafts stored before milestones became section tables keep their work plan table. */}
      {!hasTable && app.workPlan.rows.length > 0 && (
        <Table
          table={{
            caption: t('viewer.workPlan'),
            columns: [
              t('viewer.workPlanColumns.milestone'),
              t('viewer.workPlanColumns.start'),
              t('viewer.workPlanColumns.end'),
              t('viewer.workPlanColumns.days'),
              t('viewer.workPlanColumns.budget'),
            ],
            rows: app.workPlan.rows.map((r) => [
              r.milestone,
              r.startDate ?? '—',
              r.endDate ?? '—',
              r.durationDays === null ? '—' : String(r.durationDays),
              r.budgetText || '—',
            ]),
          }}
        />
      )}
      {rules.length > 0 && (
        <section className="space-y-1" data-testid="program-rules">
          <h2 className="text-lg font-semibold text-slate-900">{t('viewer.programRules')}</h2>
          <ul className="list-disc pl-6 text-slate-800">
            {rules.map((r, i) => (
              <li key={i}>
                <strong lang="en">{clean(r.rule)}</strong> (
                {r.status === 'met'
                  ? t('viewer.ruleStatus.met')
                  : r.status === 'unmet'
                    ? t('viewer.ruleStatus.unmet')
                    : t('viewer.ruleStatus.check')}
                ): <span lang={draftLang(app)}>{clean(r.message)}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/**
 * Where the draft came from, in words a researcher understands: the engine's own basis (English,
 * so `lang` says so), or our sentence in the interface's language.
 */
export function useDraftOrigin(app: GeneratedApplication): { text: string; lang?: 'en' | 'fr' } {
  const { t } = useTranslation();
  if (app.basis) return { text: app.basis, lang: draftLang(app) };
  return {
    text:
      app.engine === 'llm' && app.provider
        ? t('viewer.writtenByModel', { provider: app.provider })
        : t('viewer.draftedOffline'),
  };
}
