import { ELEMENTS, type Element } from '@grantleaf/shared/elements';
import { currentLanguage, useTranslation } from '../../../i18n/index.ts';
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

/** "42%" in English, "42 %" in French (the OQLF's no-break space before the sign). */
const pct = (x: number) => `${Math.round(x * 100)}${currentLanguage() === 'fr' ? '\u00a0' : ''}%`;
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

/** The element families the table names (`info.methodology.families`); another shows its key. */
const FAMILIES: ReadonlySet<string> = new Set(ELEMENTS);
const isFamily = (family: string): family is Element => FAMILIES.has(family);

export function MethodologyPage() {
  const { t } = useTranslation();
  const { documents, passages, pooled, families, targets } = CALIBRATION;
  const held = pooled.heldout;
  const meeting = families.filter((f) => meets(f.heldout)).length;
  return (
    <InfoLayout title={t('info.methodology.title')} intro={<p>{t('info.methodology.intro')}</p>}>
      <InfoSection id="what" title={t('info.methodology.what.title')}>
        <p>{t('info.methodology.what.p1')}</p>
        <p>{t('info.methodology.what.p2')}</p>
      </InfoSection>

      <InfoSection id="figures" title={t('info.methodology.figures.title')}>
        <p>
          {t('info.methodology.figures.p1', {
            heldoutDocuments: documents.heldout,
            heldoutPassages: passages.heldout,
            developmentDocuments: documents.development,
            developmentPassages: passages.development,
          })}
        </p>
        <p data-testid="pooled-heldout">
          {t('info.methodology.figures.pooled', {
            precision: formatFigure(held.precision),
            recall: formatFigure(held.recall),
            wrongMissing: formatFigure(held.wrongMissing),
            notAssessed: formatFigure(held.notAssessed),
          })}
        </p>
        <p>
          {t('info.methodology.figures.targets', {
            precision: pct(targets.precision),
            recall: pct(targets.recall),
            wrongMissing: pct(targets.wrongMissing),
            meeting,
            families: families.length,
          })}
        </p>
        {/* On a phone the table scrolls sideways: a keyboard must reach it (axe scrollable-region-focusable). */}
        <div
          className="overflow-x-auto"
          tabIndex={0}
          role="region"
          aria-label={t('info.methodology.figures.caption')}
        >
          <table className="mt-2 w-full min-w-[36rem] border-collapse text-left text-sm">
            <caption className="sr-only">{t('info.methodology.figures.caption')}</caption>
            <thead>
              <tr className="border-b border-slate-300">
                <th scope="col" className="py-2 pr-3">
                  {t('info.methodology.figures.family')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('info.methodology.figures.foundRight')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('info.methodology.figures.foundThere')}
                </th>
                <th scope="col" className="py-2 pr-3">
                  {t('info.methodology.figures.missingWrong')}
                </th>
                <th scope="col" className="py-2">
                  {t('info.methodology.figures.presentIn')}
                </th>
              </tr>
            </thead>
            <tbody>
              {families.map((f) => (
                <tr key={f.family} className="border-b border-slate-200" data-testid={`family-${f.family}`}>
                  <th scope="row" className="py-2 pr-3 font-medium">
                    {isFamily(f.family) ? t(`info.methodology.families.${f.family}`) : f.family}
                  </th>
                  <td className="py-2 pr-3">{formatFigure(f.heldout.precision)}</td>
                  <td className="py-2 pr-3">{formatFigure(f.heldout.recall)}</td>
                  <td className="py-2 pr-3">{formatFigure(f.heldout.wrongMissing)}</td>
                  <td className="py-2">
                    {t('info.methodology.figures.present', {
                      present: f.heldout.present,
                      passages: f.heldout.passages,
                    })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </InfoSection>

      <InfoSection id="reviewers" title={t('info.methodology.reviewers.title')}>
        <p>{t('info.methodology.reviewers.p1')}</p>
        <p>{t('info.methodology.reviewers.p2')}</p>
      </InfoSection>
    </InfoLayout>
  );
}
