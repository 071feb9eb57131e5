import { alternation, lexicon } from './lexicon.ts';
import { guardedSpans, isGuarded, type Span } from './guards.ts';
import { countWords } from './words.ts';

/**
 * Lists split only where the applicant marked them: "1." "2)" "(3)" "(a)" "b)" "(ii)" bullets,
 * and labels in either language ("Aim 2:", "Objective 3 –", "Objectif 2 :", "WP 1."). A marker
 * inside a guarded span (guards.ts) is text, not a marker: "(EPA 533)" is a standard, "0.84" a
 * decimal. A marker in the middle of a line counts only as part of a run the applicant numbered
 * in order ("Aim 1: … Aim 2: … Aim 3: …"), so a stray "6." never opens a phantom item.
 */

export interface ListItem {
  text: string;
  /** The marker as written ("3.", "(b)", "Aim 2:"), null for an unmarked line or piece. */
  marker: string | null;
  /** The label of a labelled marker ("Aim", "Objectif"), as written. */
  label: string | null;
  /** The number or letter the applicant gave ("3", "b", "ii"). */
  number: string | null;
  start: number;
  end: number;
}

interface Candidate {
  group: string;
  value: string;
  index: number;
  markerEnd: number;
  marker: string;
  label: string | null;
}

let markerRe: RegExp | undefined;

function markers(): RegExp {
  markerRe ??= new RegExp(
    [
      String.raw`(?<label>${alternation(lexicon().listLabels)})\s*(?<lv>\d{1,2}|[A-Z]\b|[IVX]{1,4}\b)\s*[:.)–—-](?=\s|$)`,
      String.raw`\((?<pn>\d{1,2}|[a-z]|[ivx]{1,4})\)(?=\s)`,
      String.raw`(?<![\d.,])(?<dn>\d{1,2})[.)](?=\s)(?!\s*\d)`,
      String.raw`(?<![\p{L}\d])(?<ln>[a-z]|[ivx]{2,4})[.)](?=\s)`,
      String.raw`^(?<bullet>[-*•–])(?=\s)`,
    ].join('|'),
    'gimu',
  );
  return markerRe;
}

const ROMAN: Record<string, number> = { i: 1, v: 5, x: 10 };

function ordinal(value: string, roman: boolean): number {
  if (/^\d+$/.test(value)) return Number(value);
  const v = value.toLowerCase();
  if (roman && /^[ivx]+$/.test(v)) {
    let n = 0;
    for (let i = 0; i < v.length; i++) {
      const cur = ROMAN[v[i] ?? ''] ?? 0;
      const next = ROMAN[v[i + 1] ?? ''] ?? 0;
      n += cur < next ? -cur : cur;
    }
    return n;
  }
  return v.length === 1 ? v.charCodeAt(0) - 96 : NaN;
}

function candidatesIn(line: string, offset: number, guards: Span[]): Candidate[] {
  const out: Candidate[] = [];
  for (const m of line.matchAll(markers())) {
    const g = m.groups ?? {};
    const index = offset + m.index;
    const atStart = line.slice(0, m.index).trim() === '';
    // Mid-line, a marker follows a space or a separator ("…sites; 2) …", "…done. Aim 2: …").
    if (!atStart && !/[\s;:,.]$/.test(line.slice(0, m.index))) continue;
    // A bare "2." or "b)" mid-line opens an item only after a sentence or clause ends ("…done. 2. …"):
    // "version 2. The" is prose. Labels and "(2)" are marked enough on their own.
    if (!atStart && (g.dn || g.ln) && !/[.;:!?]\s+$/.test(line.slice(0, m.index))) continue;
    if (isGuarded(guards, index)) continue;
    const base = { index, markerEnd: index + m[0].length, marker: m[0].trim() };
    if (g.bullet) out.push({ ...base, group: 'bullet', value: '', label: null });
    else if (g.label) {
      const label = g.label;
      out.push({ ...base, group: `label:${label.toLowerCase()}`, value: g.lv ?? '', label });
    } else if (g.pn) out.push({ ...base, group: /\d/.test(g.pn) ? '(n)' : '(a)', value: g.pn, label: null });
    else if (g.dn) out.push({ ...base, group: `n${m[0].slice(-1)}`, value: g.dn, label: null });
    else if (g.ln) out.push({ ...base, group: `a${m[0].slice(-1)}`, value: g.ln, label: null });
  }
  return out;
}

/** The markers of one line that cut it: its opening marker and any numbered run in order. */
function cutsOf(line: string, candidates: Candidate[], lineStart: number): Candidate[] {
  if (candidates.length === 0) return [];
  const opening = candidates.find((c) => line.slice(0, c.index - lineStart).trim() === '');
  const groups = new Map<string, Candidate[]>();
  for (const c of candidates) groups.set(c.group, [...(groups.get(c.group) ?? []), c]);
  const runOf = (group: Candidate[], first?: Candidate): Candidate[] => {
    if (group[0]?.group === 'bullet') return first ? [first] : [];
    const roman = group.some((c) => c.value.toLowerCase() === 'ii');
    let best: Candidate[] = [];
    const starts = first ? [first] : group;
    for (const s of starts) {
      const run = [s];
      let expected = ordinal(s.value, roman) + 1;
      for (const c of group) {
        if (c.index <= (run[run.length - 1]?.index ?? 0)) continue;
        if (ordinal(c.value, roman) === expected) {
          run.push(c);
          expected++;
        }
      }
      if (run.length > best.length) best = run;
    }
    return best;
  };
  if (opening) return runOf(groups.get(opening.group) ?? [], opening);
  let best: Candidate[] = [];
  for (const group of groups.values()) {
    const run = runOf(group);
    if (run.length > best.length) best = run;
  }
  return best.length >= 2 ? best : [];
}

function item(text: string, start: number, end: number, cut: Candidate | null): ListItem | null {
  const from = cut ? cut.markerEnd : start;
  const raw = text.slice(from, end);
  const lead = raw.length - raw.trimStart().length;
  const body = raw.trim();
  if (countWords(body) === 0) return null;
  return {
    text: body,
    marker: cut && cut.group !== 'bullet' ? cut.marker : null,
    label: cut?.label ?? null,
    number: cut && cut.value ? cut.value : null,
    start: from + lead,
    end: from + lead + body.length,
  };
}

/** The items of a free-text list with the applicant's own markers and numbers. */
export function splitListItems(input: string): ListItem[] {
  const text = input.replace(/\r/g, '');
  const guards = guardedSpans(text);
  const lines: { start: number; end: number; cuts: Candidate[] }[] = [];
  let offset = 0;
  for (const line of text.split('\n')) {
    const cuts = cutsOf(line, candidatesIn(line, offset, guards), offset);
    if (line.trim()) lines.push({ start: offset, end: offset + line.length, cuts });
    offset += line.length + 1;
  }
  const marked = lines.some((l) => l.cuts.length > 0);
  const items: ListItem[] = [];
  for (const line of lines) {
    if (line.cuts.length === 0) {
      const prev = items[items.length - 1];
      // An unmarked line under a marked item continues it (a wrapped or explained item).
      if (marked && prev && prev.marker !== null) {
        const end = line.end;
        items[items.length - 1] = { ...prev, text: text.slice(prev.start, end).trim(), end };
      } else {
        const it = item(text, line.start, line.end, null);
        if (it) items.push(it);
      }
      continue;
    }
    const first = line.cuts[0];
    if (first && text.slice(line.start, first.index).trim()) {
      // "Our aims are: Aim 1: …" — the introduction is not an item of the list.
      const intro = item(text, line.start, first.index, null);
      if (intro && !/[:：]\s*$/.test(intro.text)) items.push(intro);
    }
    line.cuts.forEach((cut, i) => {
      const it = item(text, cut.index, line.cuts[i + 1]?.index ?? line.end, cut);
      if (it) items.push(it);
    });
  }
  if (items.length === 1 && !marked) return splitOnSemicolons(text, guards) ?? items;
  return items;
}

/** A one-line list the applicant separated with semicolons ("X; Y; Z"), never inside a guard. */
function splitOnSemicolons(text: string, guards: Span[]): ListItem[] | null {
  const cuts = [...text.matchAll(/;/g)].map((m) => m.index).filter((i) => !isGuarded(guards, i));
  if (cuts.length === 0) return null;
  const bounds = [-1, ...cuts, text.length];
  const out: ListItem[] = [];
  for (let i = 0; i + 1 < bounds.length; i++) {
    const it = item(text, (bounds[i] ?? 0) + 1, bounds[i + 1] ?? text.length, null);
    if (it) out.push(it);
  }
  return out.length > 1 ? out : null;
}

/** The items' texts, without their markers. */
export function splitList(text: string): string[] {
  return splitListItems(text).map((i) => i.text);
}
