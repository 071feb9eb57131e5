import type {
  GeneratedApplication,
  GeneratedSection,
  SectionTable,
} from '@grantleaf/shared/grant-results.schema';

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

function Section({ section }: { section: GeneratedSection }) {
  const questions = section.questions ?? [];
  return (
    <section className="space-y-2" data-testid="result-section">
      <h2 className="text-lg font-semibold text-slate-900">{clean(section.heading)}</h2>
      {section.count && (
        <p
          className={`text-sm ${section.count.status === 'over' ? 'text-red-800' : 'text-slate-700'}`}
          data-testid="section-count"
        >
          Length: {clean(section.count.note)}
        </p>
      )}
      {section.body && <p className="whitespace-pre-wrap text-slate-800">{clean(section.body)}</p>}
      {section.table && <Table table={section.table} />}
      {section.fallbackReason && <p className="text-sm text-amber-900">{clean(section.fallbackReason)}</p>}
      {section.toConfirm && section.toConfirm.length > 0 && (
        <p className="text-sm text-amber-900">
          Not found in your material, please confirm: {section.toConfirm.map(clean).join(', ')}
        </p>
      )}
      {questions.length > 0 && (
        <div className="rounded-md border border-amber-300 bg-amber-50 p-3" data-testid="section-questions">
          <p className="text-sm font-medium text-amber-900">To write this section, answer:</p>
          <ul className="list-disc pl-6 text-sm text-amber-900">
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
  const rules = app.ruleChecks ?? [];
  const hasTable = app.sections.some((s) => s.table);
  return (
    <>
      {app.sections.map((section, i) => (
        <Section key={i} section={section} />
      ))}
      {/* Drafts stored before milestones became section tables keep their work plan table. */}
      {!hasTable && app.workPlan.rows.length > 0 && (
        <Table
          table={{
            caption: 'Work plan',
            columns: ['Milestone', 'Start', 'End', 'Days', 'Budget'],
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
          <h2 className="text-lg font-semibold text-slate-900">Program rules</h2>
          <ul className="list-disc pl-6 text-slate-800">
            {rules.map((r, i) => (
              <li key={i}>
                <strong>{clean(r.rule)}</strong> (
                {r.status === 'met' ? 'met' : r.status === 'unmet' ? 'not met' : 'to check'}):{' '}
                {clean(r.message)}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}

/** Where the draft came from, in words a researcher understands. */
export function draftOrigin(app: GeneratedApplication): string {
  if (app.basis) return app.basis;
  return app.engine === 'llm' && app.provider
    ? `Written by an AI model (${app.provider}) from your material.`
    : "Drafted from your material and the program's published instructions; no AI model was used.";
}
