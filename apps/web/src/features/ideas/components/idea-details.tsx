import { ideaResultsSchema, ideaSections, type IdeaResults } from '@grantleaf/shared/ideas.schema';
import { tryParseModelJson } from '@grantleaf/shared/model-json';
import { translateMessage } from '../../../i18n/index.ts';

/** Spec §8: unparsable results are treated as empty. */
export function parseIdeaResults(text: string | null | undefined): IdeaResults | null {
  if (!text) return null;
  const parsed = ideaResultsSchema.safeParse(tryParseModelJson(text));
  return parsed.success ? parsed.data : null;
}

function Item({ label, value }: { label: string; value: string | string[] }) {
  return (
    <div>
      <dt className="text-xs font-semibold uppercase tracking-wide text-slate-600">
        {translateMessage(label)}
      </dt>
      {/* What the engine wrote (English today; ideas in French are issue 31 §2). */}
      <dd lang="en" className="text-sm text-slate-900">
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

/**
 * The parsed idea, as React text only (generated content is untrusted). The section names are the
 * shared `ideaSections`' (the exports use them too), in French through fr.messages.json.
 */
export function IdeaDetails({ idea }: { idea: IdeaResults }) {
  return (
    <div className="space-y-4">
      <div lang="en">
        <p className="text-base font-semibold text-slate-900">{idea.research_topic.name}</p>
        <p className="text-sm italic text-slate-700">{idea.research_topic.tagline}</p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        {ideaSections(idea).map(({ heading, items }) => (
          <section
            key={heading}
            aria-label={translateMessage(heading)}
            className="rounded-md border border-slate-200 p-3"
          >
            <h4 className="mb-2 font-semibold text-slate-900">{translateMessage(heading)}</h4>
            <dl className="space-y-2">
              {items.map(({ label, value }) => (
                <Item key={label} label={label} value={value} />
              ))}
            </dl>
          </section>
        ))}
      </div>
    </div>
  );
}
