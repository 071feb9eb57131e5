import { sentenceSpans } from '../text/index.ts';
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

export function readStatements(text: string, field: string): StatementFact[] {
  const { statementKinds } = cues();
  const out: StatementFact[] = [];
  for (const s of sentenceSpans(text)) {
    for (const kind of KINDS) {
      if (phraseRe(`kind:${kind}`, statementKinds[kind], 'iu').test(s.text)) {
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

/** The partner a form's partner field names: its words before a bracket, colon, dash or comma. */
export function partnerFromField(text: string, field: string): OrganisationFact | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  const name = (trimmed.split(/\s*[(:;,–—]|\s-\s/)[0] ?? trimmed).trim();
  if (!name) return null;
  const start = text.indexOf(name);
  return { name, role: 'partner', source: source(field, text, start, start + name.length) };
}
