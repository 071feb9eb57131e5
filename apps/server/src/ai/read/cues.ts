import fs from 'node:fs';
import { z } from 'zod';
import { alternation } from '../text/index.ts';

/** The fact reader's knowledge of words (cues.json beside this file), validated once. */

const phrases = z.array(z.string().min(1)).min(1);

export const cuesSchema = z.object({
  amountRoles: z.object({
    partner_in_kind: phrases,
    requested: phrases,
    partner_cash: phrases,
    total_cost: phrases,
  }),
  statementKinds: z.object({
    pilot: phrases,
    record: phrases,
    method: phrases,
    outcome: phrases,
    km: phrases,
    training: phrases,
    qualitative: phrases,
  }),
  /** Phrases holding a kind's cue word that do not state the kind ("pilot plant"): masked first. */
  statementExceptions: z.object({ pilot: phrases }),
  personRoles: phrases,
  /**
   * Evidence that a sentence is about a person: a title before a capitalised word, a role, or the
   * writer speaking for themself (case-sensitive "I", "my").
   */
  personEvidence: z.object({ titles: phrases, roles: phrases, self: phrases }),
  organisationRoles: z.object({ subcontractor: phrases, partner: phrases }),
  /** Lower-case words that may sit inside an organisation's name: joiners and legal suffixes. */
  organisationNameJoiners: phrases,
  engineSentenceOpenings: phrases,
});

export type Cues = z.infer<typeof cuesSchema>;
export type AmountCueRole = keyof Cues['amountRoles'];
export type StatementKind = keyof Cues['statementKinds'];

let cached: Cues | undefined;

export function cues(): Cues {
  cached ??= cuesSchema.parse(JSON.parse(fs.readFileSync(new URL('./cues.json', import.meta.url), 'utf8')));
  return cached;
}

const compiled = new Map<string, RegExp>();

/** A whole-word, case-insensitive matcher for a phrase list ("in-kind", "en nature"). */
export function phraseRe(key: string, list: string[], flags = 'giu'): RegExp {
  let re = compiled.get(key + flags);
  if (!re) {
    re = new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternation(list)})(?![\\p{L}\\p{N}])`, flags);
    compiled.set(key + flags, re);
  }
  re.lastIndex = 0;
  return re;
}
