import { InfoLayout, InfoSection } from './info-layout.tsx';
import calibration from '../methodology-calibration.json' with { type: 'json' };

/**
 * /methodology (public): what the offline review measures and how well, from the held-out figures
 * `npm run eval` writes to methodology-calibration.json (features/public) (issue 24 §5). Nothing here is typed
 * by hand, so the page cannot drift from the measurement.
 */

export interface Figure {
  value: number;
  low: number;
  high: number;
  of: number;
}
interface Figures {
  precision: Figure | null;
  recall: Figure | null;
  wrongMissing: Figure | null;
  notAssessed: Figure | null;
  present: number;
  passages: number;
}

export const CALIBRATION = calibration as {
  documents: { development: number; heldout: number };
  passages: { development: number; heldout: number };
  targets: { precision: number; recall: number; wrongMissing: number };
  pooled: { development: Figures; heldout: Figures };
  families: { family: string; development: Figures; heldout: Figures }[];
};

const FAMILY_LABEL: Record<string, string> = {
  objectives: 'Objectives',
  methods: 'Methods',
  milestones: 'Milestones and timeline',
  budget: 'Budget',
  team: 'Team and track record',
  impact: 'Impact and significance',
  training: 'Training',
  commercialisation: 'Commercialisation',
  partnership: 'Partnership',
  novelty: 'Novelty',
  risk: 'Risks and alternatives',
  dissemination: 'Dissemination',
  environment: 'Environment and facilities',
  edi: 'Equity, diversity and inclusion',
};

const pct = (x: number) => `${Math.round(x * 100)}%`;
/** "0.42 (0.37–0.47)": a proportion with its 95% interval; "—" where nothing was claimed. */
export function formatFigure(f: Figure | null): string {
  return f ? `${pct(f.value)} (${pct(f.low)}–${pct(f.high)})` : '—';
}

function meets(f: Figures): boolean {
  const t = CALIBRATION.targets;
  return (
    (f.precision?.value ?? 0) >= t.precision &&
    (f.recall?.value ?? 0) >= t.recall &&
    (f.wrongMissing?.value ?? 1) <= t.wrongMissing
  );
}

export function MethodologyPage() {
  const { documents, passages, pooled, families, targets } = CALIBRATION;
  const held = pooled.heldout;
  const meeting = families.filter((f) => meets(f.heldout)).length;
  return (
    <InfoLayout
      title="How the offline review is measured"
      intro={
        <p>
          Coverage of the funder&apos;s required elements, with specific content; merit is not assessed
          without an AI model. The offline score is never a prediction of funding.
        </p>
      }
    >
      <InfoSection id="what" title="What the offline score measures">
        <p>
          Without an AI model, Grantleaf checks what can be checked: the sections and limits the funder sets,
          the budget arithmetic, placeholders left in the text, and whether each required element (objectives,
          methods, timeline, team, …) is supplied with specific content. Each criterion&apos;s score is 10 ×
          (elements found + 0.4 × weak ones) ÷ elements required, printed beside it with its numbers.
        </p>
        <p>
          Whether an element is there is decided by a small trained model (logistic regression) and the
          funder&apos;s own cue words. Where the model cannot tell, the element is shown as &quot;not
          assessed&quot; rather than &quot;missing&quot;.
        </p>
      </InfoSection>

      <InfoSection id="figures" title="How often element detection is right, on proposals it never saw">
        <p>
          Measured on {documents.heldout} held-out documents ({passages.heldout} passages judged by hand for
          14 element families) from real public proposals, set aside before any tuning; the model was trained
          on {documents.development} other documents ({passages.development} passages). Figures are shares
          with 95% intervals.
        </p>
        <p data-testid="pooled-heldout">
          All families together: when the review says an element is found, it is there{' '}
          {formatFigure(held.precision)} of the time; it finds {formatFigure(held.recall)} of the elements
          that are there; a &quot;missing&quot; claim is wrong {formatFigure(held.wrongMissing)} of the time;
          it says &quot;not assessed&quot; for {formatFigure(held.notAssessed)} of passage and element pairs.
        </p>
        <p>
          Our targets are found-precision of at least {pct(targets.precision)}, recall of at least{' '}
          {pct(targets.recall)} and wrong &quot;missing&quot; claims at most {pct(targets.wrongMissing)}.{' '}
          {meeting} of {families.length} families meet all three on held-out documents; read the figures below
          before relying on a &quot;found&quot;.
        </p>
        <div className="overflow-x-auto">
          <table className="mt-2 w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">Held-out element detection by family</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  Element family
                </th>
                <th scope="col" className="py-2 pr-3">
                  Found is right
                </th>
                <th scope="col" className="py-2 pr-3">
                  Found when there
                </th>
                <th scope="col" className="py-2 pr-3">
                  &quot;Missing&quot; is wrong
                </th>
                <th scope="col" className="py-2">
                  Present in
                </th>
              </tr>
            </thead>
            <tbody>
              {families.map((f) => (
                <tr key={f.family} className="border-b border-slate-200" data-testid={`family-${f.family}`}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {FAMILY_LABEL[f.family] ?? f.family}
                  </th>
                  <td className="py-2 pr-3">{formatFigure(f.heldout.precision)}</td>
                  <td className="py-2 pr-3">{formatFigure(f.heldout.recall)}</td>
                  <td className="py-2 pr-3">{formatFigure(f.heldout.wrongMissing)}</td>
                  <td className="py-2">
                    {f.heldout.present} of {f.heldout.passages} passages
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </InfoSection>

      <InfoSection id="reviewers" title="Human reviewers agree weakly too">
        <p>
          Expert reviewers reading the same application often disagree. A meta-analysis of 48 studies of peer
          review found a mean inter-rater reliability of about 0.34 (intra-class correlation) and a mean
          Cohen&apos;s kappa of 0.17 (Bornmann, Mutz &amp; Daniel, PLOS ONE 5(12): e14331, 2010,
          doi:10.1371/journal.pone.0014331). When 43 reviewers rated the same 25 NIH applications, there was
          no agreement among them on their quality (Pier et al., PNAS 115(12): 2952–2957, 2018,
          doi:10.1073/pnas.1714379115).
        </p>
        <p>
          So no score, ours or a reviewer&apos;s, predicts a funding decision. The offline score tells you
          which of the funder&apos;s required elements your text supplies with specific content, and which it
          does not.
        </p>
      </InfoSection>
    </InfoLayout>
  );
}
