import { ideaResultsSchema, type IdeaResults } from '@grantleaf/shared/ideas.schema';
import { tryParseModelJson } from '@grantleaf/shared/model-json';

/** Spec §8: unparsable results are treated as empty. */
export function parseIdeaResults(text: string | null | undefined): IdeaResults | null {
  if (!text) return null;
  const parsed = ideaResultsSchema.safeParse(tryParseModelJson(text));
  return parsed.success ? parsed.data : null;
}

function Item({ label, value }: { label: string; value: string | string[] }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">{label}</dt>
      <dd className="text-sm text-slate-900">
        {Array.isArray(value) ? (
          <ul className="list-inside list-disc">
            {value.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        ) : (
          value
        )}
      </dd>
    </div>
  );
}

/** The parsed idea, as React text only (generated content is untrusted). */
export function IdeaDetails({ idea }: { idea: IdeaResults }) {
  const groups: Array<[string, Array<[string, string | string[]]>]> = [
    [
      'Market analysis',
      [
        ['Total addressable market', idea.market_analysis.total_addressable_market],
        ['Serviceable addressable market', idea.market_analysis.serviceable_addressable_market],
        ['Adoption timeline', idea.market_analysis.adoption_timeline],
      ],
    ],
    [
      'Target customer',
      [
        ['Primary segment', idea.target_customer.primary_segment],
        ['Buying authority', idea.target_customer.buying_authority],
        ['Budget range', idea.target_customer.budget_range],
        ['Discovery channels', idea.target_customer.discovery_channels],
      ],
    ],
    [
      'Problem and solution',
      [
        ['Market problem', idea.core_problem_solution.market_problem],
        ['Research solution', idea.core_problem_solution.research_solution],
        ['Competitive advantage', idea.core_problem_solution.competitive_advantage],
      ],
    ],
    [
      'Fit with your research',
      [
        ['Expertise alignment', idea.context_fit_analysis.expertise_alignment],
        ['Unfair advantages', idea.context_fit_analysis.unfair_advantages],
      ],
    ],
    [
      'Commercialization path',
      [
        ['Time to prototype', idea.commercialization_path.time_to_prototype],
        ['Regulatory pathway', idea.commercialization_path.regulatory_pathway],
        ['IP strategy', idea.commercialization_path.ip_strategy],
        ['Funding sources', idea.commercialization_path.funding_sources],
      ],
    ],
    [
      'Monetization strategy',
      [
        ['Revenue model', idea.monetization_strategy.revenue_model],
        ['Pricing strategy', idea.monetization_strategy.pricing_strategy],
        ['Recurring revenue potential', idea.monetization_strategy.recurring_revenue_potential],
        ['Exit opportunities', idea.monetization_strategy.exit_opportunities],
      ],
    ],
  ];
  return (
    <div className="space-y-4">
      <div>
        <p className="text-base font-semibold text-slate-900">{idea.research_topic.name}</p>
        <p className="text-sm italic text-slate-700">{idea.research_topic.tagline}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {groups.map(([heading, items]) => (
          <section key={heading} aria-label={heading} className="rounded-md border border-slate-200 p-3">
            <h4 className="mb-2 font-semibold text-slate-900">{heading}</h4>
            <dl className="space-y-2">
              {items.map(([label, value]) => (
                <Item key={label} label={label} value={value} />
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
