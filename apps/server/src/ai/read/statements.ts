import { sentenceSpans } from '../text/index.ts';
import { readAmounts } from './amounts.ts';
import { cues, phraseRe, type StatementKind } from './cues.ts';
import type { OrganisationFact, PersonFact, Source, StatementFact } from './facts.ts';

/**
 * Sentences by what they state (pilot results, a record, methods, outcomes, knowledge
 * mobilisation, training), people with their role and record, and organisations with theirs.
 * The words that decide are data (cues.json); a sentence may state several things.
 */

const KINDS: StatementKind[] = ['pilot', 'record', 'method', 'outcome', 'km', 'training', 'qualitative'];

function source(field: string, text: string, start: number, end: number): Source {
  return { field, start, end, text: text.slice(start, end) };
}

/** Sentences, and the clauses of a "Team: PI has …; co-PI led …" line, with their spans. */
function clauses(text: string): { text: string; start: number; end: number }[] {
  return sentenceSpans(text).flatMap((s) => {
    const out: { text: string; start: number; end: number }[] = [];
    let from = 0;
    for (const part of s.text.split(/(?<=;)\s+/)) {
      const at = s.text.indexOf(part, from);
      out.push({ text: part, start: s.start + at, end: s.start + at + part.length });
      from = at + part.length;
    }
    return out;
  });
}

/** The sentence with the phrases that hold a kind's cue word without stating it blanked out. */
function withoutExceptions(sentence: string, kind: StatementKind): string {
  const exceptions = (cues().statementExceptions as Partial<Record<StatementKind, string[]>>)[kind];
  return exceptions
    ? sentence.replace(phraseRe(`not:${kind}`, exceptions, 'giu'), (m) => ' '.repeat(m.length))
    : sentence;
}

export function readStatements(text: string, field: string): StatementFact[] {
  const { statementKinds } = cues();
  const out: StatementFact[] = [];
  for (const s of sentenceSpans(text)) {
    for (const kind of KINDS) {
      if (phraseRe(`kind:${kind}`, statementKinds[kind], 'iu').test(withoutExceptions(s.text, kind))) {
        out.push({ kind, text: s.text, source: source(field, text, s.start, s.end) });
      }
    }
  }
  return out;
}

const NAME =
  /\b(?:(?:Dr|Prof|Mr|Ms|Mrs|M|Mme|Pr)\.?\s+)?\p{Lu}[\p{Ll}'’-]+(?:\s+\p{Lu}\.?)?\s+\p{Lu}[\p{Ll}'’-]+\b/u;

/** People named or designated by role ("PI", "co-PI", "Dr. Ana Ruiz") and what their record says. */
export function readPeople(text: string, field: string): PersonFact[] {
  const { personRoles, statementKinds } = cues();
  const out: PersonFact[] = [];
  for (const c of clauses(text)) {
    const role =
      phraseRe('personRoles', personRoles, 'u').exec(c.text) ??
      phraseRe('personRolesI', personRoles, 'iu').exec(c.text);
    const name = NAME.exec(c.text.replace(/^[\p{L} ]{1,20}:\s*/u, (m) => ' '.repeat(m.length)));
    if (!role && !name) continue;
    const record = phraseRe('kind:record', statementKinds.record, 'iu').test(c.text) ? [c.text] : [];
    out.push({
      name: name ? name[0] : null,
      role: role ? role[0] : null,
      record,
      source: source(field, text, c.start, c.end),
    });
  }
  return out;
}

/**
 * Organisations named after a role word ("partner: Acme Water Ltd.", "subcontractor Nordic
 * Labs"); a whole field given for the partner names it with its first words.
 */
export function readOrganisations(text: string, field: string): OrganisationFact[] {
  const { organisationRoles } = cues();
  const out: OrganisationFact[] = [];
  for (const role of ['subcontractor', 'partner'] as const) {
    const cue = phraseRe(`org:${role}`, organisationRoles[role]);
    for (const m of text.matchAll(cue)) {
      const after = text.slice(m.index + m[0].length);
      const named = /^\s*(?:organi[sz]ation\s*)?[:,–-]?\s*((?:\p{Lu}[\p{L}\p{N}&.'’-]*\s?){1,5})/u.exec(
        after,
      );
      const name = named?.[1]?.trim();
      if (!name || out.some((o) => o.name === name)) continue;
      const start = m.index + m[0].length + (named?.index ?? 0) + (named?.[0].indexOf(name) ?? 0);
      out.push({ name, role, source: source(field, text, start, start + name.length) });
    }
  }
  return out;
}

/**
 * The partner a form's partner field names: its opening words, up to a bracket, colon,
 * semicolon, dash or a separating comma (never the one inside "50,000" or "1 234,56 $"), never
 * past the field's first amount, and only while the words can belong to a name (capitalised,
 * or a joiner or legal suffix of cues.json: "of", "inc.", "ltée"). "Hydro Giant Inc. will
 * contribute $50,000" names "Hydro Giant Inc.": the verb ends it, the amount stays whole.
 */
export function partnerFromField(text: string, field: string): OrganisationFact | null {
  if (!text.trim()) return null;
  const firstAmount = Math.min(text.length, ...readAmounts(text, field, 'other').map((a) => a.source.start));
  const lead = /^\s*/.exec(text)?.[0].length ?? 0;
  const head = (text.slice(lead, firstAmount).split(/\s*[(:;–—]|,(?!\d)|\s-\s/)[0] ?? '').trimEnd();
  const joiners = new Set(cues().organisationNameJoiners.map((j) => j.toLowerCase()));
  const words = head.split(/\s+/).filter(Boolean);
  const kept: string[] = [];
  for (const w of words) {
    const lower = w.toLowerCase().replace('’', "'");
    // "d'Innovation", "l'Université": an elided joiner before a capitalised word.
    const elided = /^[dl]'\p{Lu}/u.test(w.replace('’', "'")) && joiners.has(lower.slice(0, 2));
    if (!/^[\p{Lu}\p{N}&]/u.test(w) && !joiners.has(lower) && !elided) break;
    kept.push(w);
  }
  // A field that opens in lower case ("acme water, $5,000") keeps its first segment as before.
  const name = (kept.length ? kept.join(' ') : head).replace(/[,\s]+$/, '');
  if (!name) return null;
  const start = text.indexOf(name, lead);
  return { name, role: 'partner', source: source(field, text, start, start + name.length) };
}
