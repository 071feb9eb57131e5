import type { ApplicantProfile } from '@grantleaf/shared/eligibility';
import type { Field } from '@grantleaf/shared/eligibility-fields';
import { takePhrases } from '@grantleaf/shared/field-phrases';
import { parseLocation, withoutPlaceNames } from '@grantleaf/shared/locations';
import type { Audience, FundingQuery, Profile } from './types.ts';
import {
  EXPORT,
  FINANCE,
  hits,
  PHASE_ONE,
  RND,
  SECTORS,
  SPECIFIC,
  stem,
  STOPWORDS,
  TAX,
  type Sector,
} from './vocabulary.ts';
import { relevance as R } from './weights.ts';

/** The request as the ranking reads it: its weighted terms and what it asks for (issue 14 §3). */

// Where the applicant is counts through the eligibility signals, not again as a topic word; the
// one place list (shared/locations) says which words name a province, state or city. A word that
// only hints at a country ("army", "nih") stays a topic word.
const COUNTRY_WORDS = new Set(['canada', 'canadian', 'usa', 'american']);
function placeTest(): (word: string) => boolean {
  const known = new Map<string, boolean>();
  return (word) => {
    let place = known.get(word);
    if (place === undefined) {
      place = COUNTRY_WORDS.has(word) || parseLocation(word).regions.length > 0;
      known.set(word, place);
    }
    return place;
  };
}

/** The request as weighted terms: the topic counts most, an uploaded file least. */
export function queryTerms(q: FundingQuery): Map<string, { weight: number; word: string }> {
  const terms = new Map<string, { weight: number; word: string }>();
  const isPlaceWord = placeTest();
  const add = (text: string | null | undefined, weight: number) => {
    const words =
      withoutPlaceNames(text ?? '')
        .toLowerCase()
        .match(/[a-z0-9][a-z0-9&+-]*[a-z0-9]/g) ?? [];
    for (const word of words) {
      if (word.length <= 2 || STOPWORDS.has(word) || /^\d+$/.test(word) || isPlaceWord(word)) continue;
      const term = stem(word);
      const entry = terms.get(term);
      if (entry) entry.weight = Math.min(entry.weight + weight * R('repeatShare'), weight * R('repeatCap'));
      else terms.set(term, { weight, word });
    }
  };
  add(q.fileText?.slice(0, 100_000), R('fileWord'));
  add(q.teamProfile, R('teamWord'));
  add(q.researchDetails, R('detailsWord'));
  add(q.researchTopic, R('topicWord'));
  for (const [term, entry] of terms) {
    if (entry.weight < R('pruneBelow') && terms.size > R('pruneAbove')) terms.delete(term);
  }
  return terms;
}

/** The finder's sector for each field of the rules' reading. */
const SECTOR_OF_FIELD: Record<Field, Sector> = {
  health: 'health',
  'social-sciences': 'social',
  humanities: 'social',
  'natural-sciences': 'natural',
  engineering: 'natural',
  agriculture: 'agriculture',
};

export function readProfile(q: FundingQuery, who: ApplicantProfile): Profile {
  const original = [q.researchTopic, q.researchDetails, q.teamProfile, q.fileText ?? ''].join('\n');
  const text = original.toLowerCase();
  // Who and where are the rules' reading (ai/read/applicant.ts, the profile first): one reading,
  // not a second vocabulary here.
  const countries = new Set<'CA' | 'US'>(who.country ? [who.country] : []);
  const audience = new Set<Audience>(
    who.kind === null ? [] : [who.kind === 'company' ? 'company' : 'academic'],
  );

  const sectors = new Map<Sector, string[]>();
  // The field phrases the rules read (shared/field-phrases) say the sector too, and their words no
  // longer count for another: "the history of medicine" is the humanities' work, not health's.
  const phrases = takePhrases([text, q.researchTopic.toLowerCase()]);
  const [rest, topic] = phrases.rest as [string, string];
  const passing: Sector[] = [];
  for (const [name, re] of Object.entries(SECTORS) as Array<[Sector, RegExp]>) {
    const named = [...phrases.found].filter(([field]) => SECTOR_OF_FIELD[field] === name);
    const found = [...hits(rest, re), ...named.flatMap(([, [inText = []]]) => inText)];
    if (found.length === 0) continue;
    sectors.set(name, [...new Set(found)]);
    const inTopic = hits(topic, re).length + named.flatMap(([, [, t = []]]) => t).length;
    if (found.length === 1 && inTopic === 0) passing.push(name);
  }
  // A specific sector named once in passing, outside the topic, beside another the request keeps
  // coming back to ("relevant to infections, vaccination, cancer and autoimmunity") is not its focus.
  const focus = [...sectors].filter(([s]) => SPECIFIC.includes(s) && !passing.includes(s));
  if (focus.length > 0) for (const s of passing) if (SPECIFIC.includes(s)) sectors.delete(s);
  return {
    text: original,
    countries,
    regions: new Set(who.regions),
    audience,
    employees: who.employees,
    sectors,
    earlyCareer: who.careerStage === 'early-career',
    hasPhaseOne: hits(text, PHASE_ONE).length > 0,
    partner: who.hasPartner,
    export: hits(text, EXPORT).length > 0,
    taxCredit: hits(text, TAX).length > 0,
    rnd: hits(text, RND).length > 0,
    seeksFinance: hits(text, FINANCE).length > 0,
  };
}
