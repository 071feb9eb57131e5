import fs from 'node:fs';
import { z } from 'zod';
import { glossFrench as glossText, makeGlossary } from '../text/gloss.ts';
import { detectLanguage } from '../text/words.ts';
import type { ApplicantProfile } from '@grantleaf/shared/eligibility';
import type { FundingQuery } from './types.ts';

/**
 * A French request read in the catalogue's language (issue 31 §2, ADR 1087). The finder's rules and
 * ranking read English program text; a request the language layer reads as French has its known
 * words glossed into English (french-request.json beside this file) by the language layer's
 * glossing (text/gloss.ts), longest phrase first, and the accents of the words left folded
 * (Québec → Quebec), so the same reading ranks it. An English
 * request is returned as it came.
 */

const FILE = z
  .object({ $comment: z.string(), glossary: z.record(z.string().min(1), z.string().min(1)) })
  .parse(JSON.parse(fs.readFileSync(new URL('./french-request.json', import.meta.url), 'utf8')));

/** The finder's words: whole phrases and words only (no other forms, no tense), as measured for ADR 1087. */
const GLOSSARY = makeGlossary(FILE.glossary);

/**
 * One French text in the catalogue's words: known phrases in English (capitalised as written),
 * French's own function words dropped, the other words kept with their accents folded.
 */
export const glossFrench = (text: string): string => glossText(text, GLOSSARY);

/** The request as the finder reads it: glossed when its own words are French. */
export function requestInCatalogueLanguage(q: FundingQuery): FundingQuery {
  const own = [q.researchTopic, q.researchDetails, q.teamProfile].join('\n');
  if (detectLanguage(own) !== 'fr') return q;
  return {
    ...q,
    researchTopic: glossFrench(q.researchTopic),
    researchDetails: glossFrench(q.researchDetails),
    teamProfile: glossFrench(q.teamProfile),
    fileText: q.fileText ? glossFrench(q.fileText) : q.fileText,
  };
}

/**
 * The applicant as the reader reads a French request's own words (who and where: its cues are
 * French too), with what those leave unread taken from the glossed words: the field, the career
 * stage, the place when the words name none; the field from the glossed words, whose field words
 * are English.
 */
export function filledFromGloss(own: ApplicantProfile, glossed: ApplicantProfile): ApplicantProfile {
  // The field words are English words: the glossed reading's fields, unless it finds none.
  const fields = glossed.fields.length > 0 ? glossed : own;
  return {
    ...own,
    country: own.country ?? glossed.country,
    regions: own.regions.length > 0 ? own.regions : glossed.regions,
    fields: fields.fields,
    fieldWords: fields.fieldWords,
    careerStage: own.careerStage ?? glossed.careerStage,
    employees: own.employees ?? glossed.employees,
    hasPartner: own.hasPartner || glossed.hasPartner,
  };
}
