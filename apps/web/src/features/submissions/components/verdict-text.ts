import type { Verdict } from '@grantleaf/shared/verdict';
import '../../../i18n/submissions-catalogue.ts';
import { useTranslation } from '../../../i18n/index.ts';

const LEVEL = {
  high: 'viewer.level.high',
  moderate: 'viewer.level.moderate',
  low: 'viewer.level.low',
} as const;
const isLevel = (value: string): value is keyof typeof LEVEL => value in LEVEL;

/** The coverage line in three parts: the missing sections' names apart, as the funder wrote them. */
export interface CoverageText {
  before: string;
  /** The funder's names of the missing sections ("Partnership; Training plan"), or ''. */
  missing: string;
  /** The same names one by one, as the verdict lists them. */
  names: string[];
  after: string;
}

/** Cuts a catalogue sentence at its {{missing}}: the names are not the catalogue's to translate. */
const CUT = '\uE000';

/**
 * A verdict's labels in the interface's language (ADR 0640), from its fields, not its English
 * sentences: the badge, the funding probability and the requirement coverage. In English they are
 * the verdict's own texts character for character (packages/shared/src/verdict.ts; the test holds
 * them together). The missing sections keep the funder's names (English, marked so in French by
 * the viewer). The status line stays the engine's.
 */
export function useVerdictText(verdict: Verdict): {
  badge: string;
  probability: string;
  coverage: CoverageText;
} {
  const { t } = useTranslation();
  const level = isLevel(verdict.probability) ? t(LEVEL[verdict.probability]) : verdict.probability;
  const estimate = verdict.probabilityLabel.includes('(completeness-based estimate)');
  const coverage = verdict.coverage;
  const counts = coverage && {
    percent: coverage.percent,
    present: coverage.present,
    required: coverage.required,
  };
  const [before = '', after = ''] =
    coverage && counts && coverage.missing.length
      ? t('viewer.coverageMissing', { ...counts, missing: CUT }).split(CUT)
      : [counts ? t('viewer.coverage', counts) : ''];
  return {
    badge: verdict.ready ? t('viewer.badge.ready') : t('viewer.badge.needsRevision'),
    probability: t(estimate ? 'viewer.probabilityEstimate' : 'viewer.probability', { level }),
    coverage: {
      before,
      missing: coverage?.missing.join('; ') ?? '',
      names: coverage?.missing ?? [],
      after,
    },
  };
}
