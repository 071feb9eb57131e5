import { certificationBadge } from './display-rules.ts';

/**
 * One verdict per result (issue 24 §5, ADR 0246): coverage, certification, funding probability and
 * the reasons left are derived here together, so the viewer, the editor and the server can never
 * show "Requirement coverage: 100%" beside "required section missing", or "Ready" beside a gap.
 *
 * The rule:
 * - A section is missing when the coverage check lists it or a gap names it ("Required section
 *   missing or empty: …"); coverage counts what is left.
 * - The reasons left are the critical reasons of an analysis, the critical and major gaps of a
 *   draft, every missing section and every required element not found.
 * - Ready only with no reason left and a status that says ready; otherwise "Needs revision".
 * - Funding probability: never "high" while not ready, and "low" while a required section is
 *   missing or a critical gap remains. Without a model it is a completeness estimate: "low" while
 *   anything is left and "moderate" at best.
 */

export type Probability = 'high' | 'moderate' | 'low';

export interface VerdictSource {
  engine?: string | null;
  certification_status?: string | null;
  funding_probability?: string | null;
  /** An analysis's reasons it is not ready. */
  criticalGaps?: readonly string[] | null;
  /** A draft's gaps. */
  gaps?: readonly { severity: string; message: string }[] | null;
  coverage?: { required: number; present: number; missing: readonly string[] } | null;
  /** Required elements not found (missing or weak), over every criterion. */
  elementsLeft?: number;
}

export interface Verdict {
  ready: boolean;
  badge: 'Ready' | 'Needs Revision';
  /** The status line: the result's own when it agrees, otherwise built from the reasons. */
  status: string;
  probability: string;
  /** "Funding probability (completeness-based estimate): low". */
  probabilityLabel: string;
  coverage: { required: number; present: number; percent: number; missing: string[] } | null;
  /** "Requirement coverage: 80% (4 of 5 required sections; missing: Broader Impacts)". */
  coverageLine: string | null;
  reasons: string[];
}

const SHOWN_REASONS = 3;
const SECTION_GAP = /^required sections? missing(?: or empty)?:\s*(.+?)\.?$/i;

export function verdictOf(source: VerdictSource): Verdict {
  const gaps = source.gaps ?? [];
  const named = gaps.flatMap((g) => SECTION_GAP.exec(g.message.trim())?.[1]?.split(/;\s*/) ?? []);
  const missing = unique(
    [...(source.coverage?.missing ?? []), ...named].map((s) => s.trim()).filter(Boolean),
  );
  const coverage = source.coverage
    ? (() => {
        const required = Math.max(source.coverage.required, missing.length);
        const present = Math.max(0, Math.min(source.coverage.present, required - missing.length));
        return {
          required,
          present,
          percent: required ? Math.round((present / required) * 100) : 100,
          missing,
        };
      })()
    : null;

  const serious = gaps.filter((g) => g.severity === 'critical' || g.severity === 'major');
  const reasons = unique([
    ...(source.criticalGaps ?? []),
    ...serious.map((g) => g.message.replace(/\.$/, '')),
  ]);
  if (missing.length > 0 && !reasons.some((r) => missing.some((m) => r.includes(m))))
    reasons.unshift(`required section${missing.length === 1 ? '' : 's'} missing: ${missing.join('; ')}`);
  const elementsLeft = source.elementsLeft ?? 0;
  if (elementsLeft > 0 && !reasons.some((r) => /\b(?:missing|weak|lacks specifics)\b/i.test(r)))
    reasons.push(`${elementsLeft} required element${elementsLeft === 1 ? '' : 's'} not found`);

  const stated = source.certification_status ?? '';
  const ready = reasons.length === 0 && certificationBadge(stated) === 'Ready';
  const status = ready
    ? stated
    : reasons.length === 0 || /^needs revision/i.test(stated)
      ? stated || 'Needs revision'
      : `Needs revision: ${reasons.slice(0, SHOWN_REASONS).join('; ')}${reasons.length > SHOWN_REASONS ? ` (and ${reasons.length - SHOWN_REASONS} more)` : ''}`;

  const offline = source.engine === 'offline';
  const blocking = missing.length > 0 || gaps.some((g) => g.severity === 'critical');
  let probability = (source.funding_probability ?? '').trim().toLowerCase();
  if (probability === 'medium') probability = 'moderate';
  if (offline && probability === 'high') probability = 'moderate';
  if (!ready && probability === 'high') probability = 'moderate';
  if (!ready && (offline || blocking)) probability = 'low';

  return {
    ready,
    badge: ready ? 'Ready' : 'Needs Revision',
    status,
    probability,
    probabilityLabel: `Funding probability${offline ? ' (completeness-based estimate)' : ''}: ${probability}`,
    coverage,
    coverageLine: coverage
      ? `Requirement coverage: ${coverage.percent}% (${coverage.present} of ${coverage.required} required sections${missing.length ? `; missing: ${missing.join('; ')}` : ''})`
      : null,
    reasons,
  };
}

/** A stored result (an analysis or a draft) as the server and the screens both read it. */
export interface ResultLike extends Omit<VerdictSource, 'elementsLeft'> {
  evaluation_scores?: readonly { elements?: readonly { id: string; status: string }[] | null }[] | null;
}

/**
 * The verdict of a stored result. The server applies it before storing and the screens apply it
 * again when showing, so a result stored before this rule existed is shown consistently too.
 */
export function resultVerdict(result: ResultLike): Verdict {
  return verdictOf({ ...result, elementsLeft: elementsLeft(result.evaluation_scores) });
}

/** Required elements not found in a result's criteria (missing or weak), each counted once. */
export function elementsLeft(
  scores: readonly { elements?: readonly { id: string; status: string }[] | null }[] | null | undefined,
): number {
  const left = new Set<string>();
  for (const s of scores ?? []) for (const e of s.elements ?? []) if (e.status !== 'found') left.add(e.id);
  return left.size;
}

function unique(items: string[]): string[] {
  return [...new Set(items)];
}
