import fs from 'node:fs';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import catalogue from '../../apps/server/data/programs.json' with { type: 'json' };
import type { GrantProgram } from '../../apps/server/src/ai/profile/program.ts';
import { evaluateText } from '../../apps/server/src/ai/assess/analysis.ts';
import { PROPOSAL_PAIRS } from '../../apps/server/src/ai/fixtures/proposals.ts';
import {
  keywordStuffing,
  shuffleSentences,
  simulatePdfPaste,
} from '../../apps/server/src/ai/assess/fixtures/probes.ts';
import { programWordsPerPage } from '../../apps/server/src/ai/profile/sections.ts';
import { PROGRAM_CRITERIA } from '../../apps/server/src/ai/profile/data.ts';
import { parseLimit } from '../../apps/server/src/ai/text/limits.ts';
import { normalisePaste } from '../../apps/server/src/ai/text/paste.ts';
import { countWords } from '../../apps/server/src/ai/text/review-text.ts';
import manifest from '../proposals.json' with { type: 'json' };
import type { EvalLine, EvalSuite } from '../suite.ts';

/**
 * The offline reviewer over real proposals with known outcomes and reviewer ratings, and the
 * adversarial probes: keyword stuffing, shuffled sentences, raw PDF paste, a text at exactly its
 * limits. It reports how far a requirements reviewer's scores go with real outcomes; it is not
 * expected to predict funding, and the figures say so.
 */

const RATING: Record<string, number> = { Excellent: 5, 'Very Good': 4, Good: 3, Fair: 2, Poor: 1 };

interface Proposal {
  id: string;
  programId: string;
  outcome: string | null;
  reviewerRatings?: { ratings: string[] };
  text: string;
}

function programFor(id: string): GrantProgram {
  const record = (catalogue as unknown as GrantProgram[]).find((p) => p.id === id);
  if (record) return record;
  // Programs the catalogue does not list (NSF GRFP; foundations and USDA read with the general
  // template) keep the id the criteria data is keyed by.
  const own = PROGRAM_CRITERIA.programs[id];
  return {
    id,
    name: own?.name ?? 'General template',
    criteria: [],
    requiredSections: [],
  } as unknown as GrantProgram;
}

function ranks(values: number[]): number[] {
  const order = values.map((v, i) => ({ v, i })).sort((a, b) => a.v - b.v);
  const r = new Array<number>(values.length);
  for (let k = 0; k < order.length;) {
    let j = k;
    while (j + 1 < order.length && order[j + 1]?.v === order[k]?.v) j++;
    for (let m = k; m <= j; m++) r[order[m]?.i ?? 0] = (k + j) / 2 + 1;
    k = j + 1;
  }
  return r;
}

/** Spearman's rank correlation (ties share their mean rank). */
function spearman(x: number[], y: number[]): number {
  const rx = ranks(x);
  const ry = ranks(y);
  const mean = (a: number[]) => a.reduce((s, v) => s + v, 0) / a.length;
  const mx = mean(rx);
  const my = mean(ry);
  let num = 0;
  let dx = 0;
  let dy = 0;
  rx.forEach((v, i) => {
    const a = v - mx;
    const b = (ry[i] ?? 0) - my;
    num += a * b;
    dx += a * a;
    dy += b * b;
  });
  return dx && dy ? num / Math.sqrt(dx * dy) : 0;
}

const fmt = (n: number, d = 2) => n.toFixed(d);

export const reviewerSuite: EvalSuite = {
  name: 'offline reviewer',
  async run({ corpusDir, log }) {
    const proposals = (manifest.proposals as Proposal[]).filter((p) => {
      const ok = fs.existsSync(path.join(corpusDir, p.text));
      if (!ok) log(`text missing: ${p.text} (see eval/SOURCES.md)`);
      return ok;
    });
    if (proposals.length === 0)
      return [{ metric: 'real proposals', value: `none readable in ${corpusDir} (see eval/SOURCES.md)` }];

    const rows = proposals.map((p) => {
      const text = fs.readFileSync(path.join(corpusDir, p.text), 'utf8');
      const program = programFor(p.programId);
      const started = performance.now();
      const result = evaluateText(program, text);
      const ms = performance.now() - started;
      return { p, text, program, result, ms, again: evaluateText(program, text) };
    });

    // Ordering: of every (funded, unfunded) pair, how often the funded one scores higher (ties ½).
    const funded = rows.filter((r) => r.p.outcome === 'funded');
    const unfunded = rows.filter((r) => r.p.outcome === 'unfunded');
    let agree = 0;
    for (const f of funded)
      for (const u of unfunded)
        agree +=
          f.result.meanScore > u.result.meanScore ? 1 : f.result.meanScore === u.result.meanScore ? 0.5 : 0;
    const pairs = funded.length * unfunded.length;

    const rated = rows.filter((r) => r.p.reviewerRatings);
    const ratingMeans = rated.map(
      (r) =>
        (r.p.reviewerRatings?.ratings ?? []).reduce((s, x) => s + (RATING[x] ?? 0), 0) /
        (r.p.reviewerRatings?.ratings.length ?? 1),
    );
    const rho = spearman(
      rated.map((r) => r.result.meanScore),
      ratingMeans,
    );

    const probability = (list: typeof rows) =>
      ['high', 'moderate', 'low']
        .map((k) => `${k} ${list.filter((r) => r.result.funding_probability === k).length}`)
        .join(', ');
    const ready = rows.filter((r) => r.result.certification_status === 'Submission ready').length;

    // Probes on the real texts.
    const shuffleCosts = rows.map(
      (r) => r.result.meanScore - evaluateText(r.program, shuffleSentences(r.text)).meanScore,
    );
    const pasteDiffs = rows.map((r) => {
      const clean = normalisePaste(r.text);
      return Math.abs(
        evaluateText(r.program, simulatePdfPaste(clean)).meanScore - evaluateText(r.program, clean).meanScore,
      );
    });
    const fixturePaste = PROPOSAL_PAIRS.map((pair) => {
      const program = programFor(pair.programId);
      return Math.abs(
        evaluateText(program, simulatePdfPaste(pair.strong)).meanScore -
          evaluateText(program, pair.strong).meanScore,
      );
    });
    const stuffing = keywordStuffing(PROGRAM_CRITERIA);
    const stuffedPrograms = [
      ...new Set([
        ...Object.keys(PROGRAM_CRITERIA.programs),
        ...(catalogue as { id: string }[]).map((c) => c.id),
      ]),
    ];
    const stuffedMax = Math.max(
      ...stuffedPrograms.flatMap((id) =>
        evaluateText(programFor(id), stuffing).evaluation_scores.map((s) => s.score),
      ),
    );

    // A proposal at exactly its limit: NSF's 15-page Project Description filled from a real text.
    const nsf = programFor('us-nsf-standard-research-grant');
    const section = nsf.requiredSections?.find((s) => /project description/i.test(s.name));
    const wpp = programWordsPerPage(nsf);
    const limit = parseLimit(section?.limit, wpp);
    const longest = [...rows].sort((a, b) => b.result.wordCount - a.result.wordCount)[0];
    const limitStatus = (words: number) => {
      // The most real words that count as at most `words` (a token such as "a/b" can count twice).
      const tokens = normalisePaste(longest?.text ?? '').split(/\s+/);
      let low = 0;
      let high = Math.min(tokens.length, words);
      while (low < high) {
        const mid = Math.ceil((low + high) / 2);
        if (countWords(tokens.slice(0, mid).join(' ')) <= words) low = mid;
        else high = mid - 1;
      }
      const result = evaluateText(nsf, `${section?.name ?? ''}\n${tokens.slice(0, low).join(' ')}`);
      // The check is named by the funder template's section (the profile's, ADR 0500), which may differ
      // in case or wording from the catalogue record's name.
      const check = result.checks.limits.find((l) => /project description/i.test(l.section));
      return `${check?.words ?? 0} words → ${check?.status ?? 'not found'}`;
    };

    const identical = rows.filter((r) => isDeepStrictEqual(r.result, r.again)).length;
    const lines: EvalLine[] = [
      {
        metric: 'real proposals',
        value: `${rows.length} (${funded.length} funded, ${unfunded.length} not funded, ${rated.length} with reviewer ratings)`,
      },
      {
        metric: 'ordering agreement with outcomes',
        value: `${fmt(pairs ? agree / pairs : 0)} of ${pairs} funded/not-funded pairs ordered right (0.50 = chance)`,
      },
      {
        metric: 'rating correlation (Spearman, GRFP reviewer ratings)',
        value: `${fmt(rho)} over ${rated.length} proposals (ratings ${fmt(Math.min(...ratingMeans))}–${fmt(Math.max(...ratingMeans))} of 5)`,
      },
      {
        metric: 'mean score funded / not funded',
        value: `${fmt(funded.reduce((s, r) => s + r.result.meanScore, 0) / Math.max(1, funded.length), 1)} / ${fmt(unfunded.reduce((s, r) => s + r.result.meanScore, 0) / Math.max(1, unfunded.length), 1)}`,
      },
      { metric: 'funding probability, funded', value: probability(funded) },
      { metric: 'funding probability, not funded', value: probability(unfunded) },
      { metric: '"Submission ready"', value: `${ready} of ${rows.length}` },
      {
        metric: 'probe: keyword stuffing (≤ 3)',
        value: `max ${fmt(stuffedMax, 1)} over every criterion of ${stuffedPrograms.length} programs`,
      },
      {
        metric: 'probe: shuffled sentences (cost ≥ 1)',
        value: `${shuffleCosts.filter((c) => c >= 1).length} of ${rows.length} real proposals; median cost ${fmt([...shuffleCosts].sort((a, b) => a - b)[Math.floor(shuffleCosts.length / 2)] ?? 0, 1)}`,
      },
      {
        metric: 'probe: raw PDF paste vs clean (≤ 0.3)',
        value: `${pasteDiffs.filter((d) => d <= 0.3).length} of ${rows.length} real, ${fixturePaste.filter((d) => d <= 0.3).length} of ${fixturePaste.length} fixtures; max difference ${fmt(Math.max(...pasteDiffs, ...fixturePaste), 1)}`,
      },
      {
        metric: `probe: at the limit (${section?.limit ?? '?'}, ${wpp} words/page)`,
        value: limit
          ? `${limitStatus(limit.max)}; ${limitStatus(limit.flagAbove)}; ${limitStatus(limit.flagAbove + 1)}`
          : 'no countable limit',
      },
      { metric: 'determinism', value: `${identical} of ${rows.length} identical on a second run` },
      {
        metric: 'time per proposal',
        value: `mean ${fmt(rows.reduce((s, r) => s + r.ms, 0) / rows.length, 0)} ms, max ${fmt(Math.max(...rows.map((r) => r.ms)), 0)} ms (${Math.max(...rows.map((r) => r.result.wordCount)).toLocaleString('en-US')} words)`,
      },
    ];
    return lines;
  },
};
