import { daysUntil, intakeNotOpen, intakeText, nextDeadline } from '@grantleaf/shared/deadline';
import { ineligibilityReasons, openEligibility, type EligibilityRules } from '@grantleaf/shared/eligibility';
import { applyFacts } from '@grantleaf/shared/applicant-profile.schema';
import { countryOfEmail } from '@grantleaf/shared/locations';
import { readApplicant } from '../read/index.ts';
import { bm25, fullMatch } from './relevance.ts';
import { queryTerms, readProfile } from './request.ts';
import { filledFromGloss, requestInCatalogueLanguage } from './french.ts';
import { scoreProgram } from './score.ts';
import type {
  ApplicantMatch,
  FundingQuery,
  IneligibleProgram,
  NotOpenProgram,
  RankableProgram,
  RankableRow,
  RankedProgram,
} from './types.ts';

// One rules object per country for imports without rules, so a search reads each set of rules once.
const COUNTRY_RULES = {
  CA: openEligibility({ countries: ['CA'] }),
  US: openEligibility({ countries: ['US'] }),
};

/** The rules each program applies: its own, or for an import without them, its country. */
function rulesOf(p: RankableProgram): EligibilityRules | null {
  if (p.eligibilityRules) return p.eligibilityRules;
  if (p.country !== 'CA' && p.country !== 'US') return null;
  return COUNTRY_RULES[p.country];
}

// The catalogue's names compared as String#localeCompare does (the same default collator), without
// looking the collator up again for each of a large catalogue's comparisons.
const byName = new Intl.Collator().compare;

/**
 * A catalogue row as the ranking reads it, its deadline computed for `today` as the database's
 * would be (the next date still to come, else the last one): for tests and the evaluation, which
 * rank the seed without a database.
 */
export function rankableFromRow(row: RankableRow, today: Date): RankableProgram {
  const dates = [...(row.nextDeadlines ?? []), ...(row.projectedDeadlines ?? [])].sort();
  const deadline = nextDeadline(dates, today) ?? dates.at(-1) ?? null;
  return {
    id: row.id,
    name: row.name,
    agency: row.agency,
    jurisdiction: row.jurisdiction,
    country: row.country,
    region: row.region,
    programType: row.programType,
    currency: row.currency,
    fundingMin: row.fundingMin ?? null,
    fundingMax: row.fundingMax ?? null,
    fundingPeriod: row.fundingPeriod ?? null,
    deadline,
    deadlinePattern: row.deadlinePattern ?? null,
    eligibility: row.eligibility ?? null,
    description: row.description ?? null,
    url: row.url ?? null,
    // Paused and archived programs are never ranked among open ones (issue 25 §3).
    closed:
      intakeNotOpen(row.deadlineRule) ||
      /^(archived|closed)/i.test(row.status ?? '') ||
      (dates.length > 0 && !nextDeadline(dates, today)),
    eligibilityRules: row.eligibilityRules ?? null,
    deadlineRule: row.deadlineRule ?? null,
    nextDeadlines: row.nextDeadlines ?? [],
  };
}

const isOpen = (p: RankableProgram, today: Date) =>
  !p.closed && (p.deadline === null || (daysUntil(p.deadline, today) ?? -1) >= 0);

/**
 * Rules first, then fit: the open programs the applicant may apply to, best first, and the ones
 * the applicant's own facts rule out, each with its reasons (never mixed into the ranking).
 */
export function matchPrograms(
  request: FundingQuery,
  programs: RankableProgram[],
  today: Date = new Date(),
  /** `top`: only the first this many eligible programs, as the full ranking orders them. */
  opts: { top?: number } = {},
): ApplicantMatch {
  const q = requestInCatalogueLanguage(request);
  const parts = (x: FundingQuery) => ({
    topic: x.researchTopic,
    details: x.researchDetails,
    team: x.teamProfile,
    file: x.fileText?.slice(0, 100_000),
  });
  // The reader reads who and where in French too; a French request's glossed words fill what its
  // own words leave unread (the field, ADR 1087).
  const read =
    q === request
      ? readApplicant(parts(q))
      : filledFromGloss(readApplicant(parts(request)), readApplicant(parts(q)));
  // The profile's stated facts win over the text; the account's domain only fills a country
  // neither the profile nor the request gives.
  const stated = applyFacts(read, q.profileFacts ?? null, today);
  const countryFromAccount = stated.country === null ? countryOfEmail(q.accountEmail) : null;
  const who = countryFromAccount ? { ...stated, country: countryFromAccount.country } : stated;
  const eligible: RankableProgram[] = [];
  const ineligible: IneligibleProgram[] = [];
  const closed: RankableProgram[] = [];
  // Imports share their country's rules: each set of rules is read once per search.
  const reasonsByRules = new Map<EligibilityRules, string[]>();
  // Runs of programs share one rules object (a country's imports): no Map look-up for those.
  let lastRules: EligibilityRules | null = null;
  let lastReasons: string[] = [];
  for (const p of programs) {
    const rules = rulesOf(p);
    let reasons: string[] = [];
    if (rules === lastRules) reasons = lastReasons;
    else if (rules) {
      reasons = reasonsByRules.get(rules) ?? ineligibilityReasons(rules, who);
      reasonsByRules.set(rules, reasons);
      lastRules = rules;
      lastReasons = reasons;
    }
    if (!isOpen(p, today)) {
      if (reasons.length === 0) closed.push(p);
      continue;
    }
    if (reasons.length > 0) ineligible.push({ program: p, reasons: [...reasons] });
    else eligible.push(p);
  }
  const terms = queryTerms(q);
  const notOpen = notOpenList(closed, terms, today);
  if (eligible.length === 0) return { eligible: [], ineligible, notOpen, applicant: who, countryFromAccount };
  const profile = readProfile(q, who);
  // A stage the profile states (or its first-appointment year gives) replaces the text's guess.
  if (q.profileFacts?.careerStage || q.profileFacts?.careerStartYear)
    profile.earlyCareer = who.careerStage === 'early-career';
  const relevance = bm25(eligible, terms);
  // Scaled to a full match, not to the best candidate: one generic word ("create", "standards")
  // that happens to be the best match is still a weak one.
  // A loop, not Math.max(...scores): a large catalogue's scores are more arguments than a call takes.
  let max = fullMatch(eligible.length);
  for (const r of relevance.scores) if (r > max) max = r;
  // The matched words only for a worded program: they are shown, and enter no score.
  const score = (i: number, words: boolean) =>
    scoreProgram(
      eligible[i]!,
      profile,
      who,
      relevance.scores[i]! / max,
      words ? relevance.matched(i) : [],
      today,
      words,
    );
  let ranked: RankedProgram[];
  if (opts.top === undefined) {
    ranked = eligible.map((_, i) => score(i, true));
    ranked.sort((x, y) => y.score - x.score || byName(x.program.name, y.program.name));
  } else {
    // Every program scored, only the kept ones worded: the reasons do not enter the score.
    const scores = Float64Array.from(eligible, (_, i) => score(i, false).score);
    const kept = firstInOrder(
      eligible.length,
      (x, y) => scores[y]! - scores[x]! || byName(eligible[x]!.name, eligible[y]!.name),
      opts.top,
    );
    ranked = kept.map((i) => score(i, true));
  }
  return { eligible: ranked, ineligible, notOpen, applicant: who, countryFromAccount };
}

/**
 * The first `n` indexes of `count` items in the order a (stable) sort by `order` gives, without sorting them all: a
 * catalogue of 100,000 eligible programs is ranked for its first dozen.
 */
function firstInOrder(count: number, order: (x: number, y: number) => number, n: number): number[] {
  const best: number[] = [];
  if (n <= 0) return best;
  for (let item = 0; item < count; item++) {
    if (best.length === n && order(item, best[n - 1]!) >= 0) continue;
    // After every kept item it does not come before: a stable sort keeps the input's order on ties.
    let at = best.length;
    while (at > 0 && order(item, best[at - 1]!) < 0) at--;
    best.splice(at, 0, item);
    if (best.length > n) best.pop();
  }
  return best;
}

// The "Not open now" list names the few closed programs closest to the request.
const NOT_OPEN_SHOWN = 10;

function notOpenList(
  closed: RankableProgram[],
  terms: Map<string, { weight: number; word: string }>,
  today: Date,
): NotOpenProgram[] {
  if (closed.length === 0) return [];
  const relevance = bm25(closed, terms);
  return closed
    .map((program, i) => ({ program, score: relevance.scores[i]! }))
    .filter((c) => c.score > 0)
    .sort((x, y) => y.score - x.score || byName(x.program.name, y.program.name))
    .slice(0, NOT_OPEN_SHOWN)
    .map(({ program: p }) => {
      const next = (p.nextDeadlines ?? []).filter((d) => (daysUntil(d, today) ?? -1) >= 0).sort()[0] ?? null;
      return {
        program: p,
        intake:
          intakeText(p.deadlineRule) ??
          (p.deadline ? `Last deadline ${p.deadline}; next not announced` : 'Not taking applications'),
        nextDate: next,
      };
    });
}

/** Ranks the open programs the applicant is eligible for, best first. */
export function rankPrograms(
  q: FundingQuery,
  programs: RankableProgram[],
  today: Date = new Date(),
): RankedProgram[] {
  return matchPrograms(q, programs, today).eligible;
}

/** The keywords to pre-select candidates with full-text search in a large catalogue. */
export function candidateKeywords(q: FundingQuery, max = 12): string[] {
  return [...queryTerms(requestInCatalogueLanguage(q)).entries()]
    .sort((a, b) => b[1].weight - a[1].weight)
    .map(([, v]) => v.word.replace(/[^a-z0-9]/g, ''))
    .filter((w) => w.length > 2)
    .slice(0, max);
}
