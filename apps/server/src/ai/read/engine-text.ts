import { ruleWords } from '@grantleaf/shared/cost-rules';
import { loadCostRules } from '../../modules/programs/cost-rules.ts';
import { loadProgramSections } from '../profile/data.ts';
import { sentenceSpans } from '../text/index.ts';
import { cues } from './cues.ts';

/**
 * What the engine wrote itself — the programs' rule explanations, its questions, its "[To
 * complete: …]" notes and the sentences it composes around the applicant's figures — is never
 * read back as the applicant's fact (issue 24 §1). `maskEngineText` blanks it out with spaces,
 * so the spans of what is left still point into the original text.
 */

const key = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

let ruleSentences: Set<string> | undefined;

/** Every sentence of every program rule the engine explains (program-sections.json, and the money rules of cost-rules.json as the draft quotes them). */
function rules(): Set<string> {
  if (ruleSentences) return ruleSentences;
  const file = loadProgramSections();
  const texts: string[] = [];
  for (const entry of [file.general, ...Object.values(file.programs)]) {
    const r = entry.rules;
    texts.push(r.goNoGo ?? '', r.edi ?? '', r.training ?? '');
    for (const s of entry.sections) texts.push(s.guidance, ...s.asks.map((a) => a.question));
  }
  for (const family of file.families) texts.push(...family.asks.map((a) => a.question));
  for (const program of Object.values(loadCostRules().programs))
    for (const rule of program.rules) texts.push(rule.says, ruleWords(rule));
  ruleSentences = new Set(
    texts.flatMap((t) => sentenceSpans(t, 'en').map((s) => key(s.text))).filter(Boolean),
  );
  return ruleSentences;
}

let openings: RegExp | undefined;

function engineOpening(sentence: string): boolean {
  openings ??= new RegExp(
    `^(?:${cues()
      .engineSentenceOpenings.map((o) =>
        o.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/\\\{n\\\}|\{n\}/g, '\\d+'),
      )
      .join('|')})`,
  );
  return openings.test(sentence.trim());
}

/** Whether one sentence is the engine's own words. */
export function isEngineSentence(sentence: string): boolean {
  const t = sentence.trim();
  if (/\?$/.test(t)) return true;
  return rules().has(key(t)) || engineOpening(t);
}

/** The text with the engine's own words replaced by spaces (same length, same offsets). */
export function maskEngineText(text: string): string {
  const blank = (s: string) => s.replace(/[^\n]/g, ' ');
  let out = text.replace(/\[[^\]\n]*\]/g, blank);
  for (const s of sentenceSpans(out)) {
    if (isEngineSentence(s.text)) out = out.slice(0, s.start) + blank(s.text) + out.slice(s.end);
  }
  return out;
}
