import type { GeneratedApplication, GeneratedSection } from '@grantleaf/shared/grant-results.schema';
import type {
  ProgramSectionSpec,
  ProgramSectionsEntry,
  SectionTopic,
} from '@grantleaf/shared/program-sections.schema';
import type { GrantProgram } from '../profile/program.ts';
import type { GenerationForm } from '../read/form.ts';
import { countFor } from '../check/count.ts';
import { programShape } from '../profile/sections.ts';
import { sectionHead } from '../profile/catalogue.ts';
import { splitSentences } from '../text/sentences.ts';
import { assembleApplication } from './assemble.ts';
import { sectionHeading } from './headings.ts';
import { gatherMaterial, type Material, type Written } from './material.ts';
import { NEEDS } from './needs.ts';
import { WRITERS } from './topics.ts';

/**
 * The offline writer: a draft shaped like the program's real application (its sections, headers,
 * order and limits, apps/server/data/program-sections.json), built only from the applicant's own
 * material, each piece of it once. What the material does not say becomes a question in the
 * section, and every question is a gap: such a draft is never "Submission ready".
 */

export function draftApplication(program: GrantProgram, form: GenerationForm): GeneratedApplication {
  const shape = programShape(program);
  const material = gatherMaterial(program, form);
  const written = writeTopics(shape.entry, material);
  const sections = shape.entry.sections.map((spec) =>
    fitToLimit(writeSpecSection(spec, material, written), spec, shape.entry.wordsPerPage, material),
  );
  return assembleApplication({
    program,
    form,
    sections: [...sections, ...shape.attachments.map((name) => writeAttachment(name, material))],
    engine: 'offline',
    provider: null,
    fallbackReason: null,
  });
}

/** The program's sections, in order, for a writer that goes section by section (the model path). */
export function programSectionSpecs(program: GrantProgram): ProgramSectionsEntry {
  return programShape(program).entry;
}

/** One section written from the applicant's material alone (also the model path's per-section fallback). */
export function writeSectionFromMaterial(
  program: GrantProgram,
  form: GenerationForm,
  spec: ProgramSectionSpec,
): GeneratedSection {
  const material = gatherMaterial(program, form);
  const { entry } = programShape(program);
  return fitToLimit(
    writeSpecSection(spec, material, writeTopics(entry, material)),
    spec,
    entry.wordsPerPage,
    material,
  );
}

/**
 * Keeps a section within a maximum the funder sets: whole sentences are dropped from the end, and
 * the section asks which points matter most (the applicant chooses, not the engine).
 */
function fitToLimit(
  section: GeneratedSection,
  spec: ProgramSectionSpec,
  wordsPerPage: number,
  m: Material,
): GeneratedSection {
  const limit = spec.limit;
  if (!limit || limit.kind !== 'maximum') return section;
  // The writer aims at the limit itself; the 110% margin on page estimates is for judging only.
  const fits = (body: string) => countFor(body, limit, wordsPerPage).used <= limit.max;
  if (fits(section.body)) return section;
  const lines = section.body.split('\n').map((line) => splitSentences(line));
  const joined = () =>
    lines
      .map((l) => l.join(' '))
      .join('\n')
      .replace(/\n{3,}/g, '\n\n')
      .trim();
  while (!fits(joined())) {
    const last = [...lines].reverse().find((l) => l.length > 0);
    if (!last) break;
    last.pop();
  }
  return {
    ...section,
    body: joined(),
    questions: [...(section.questions ?? []), m.t.tooLong(limit)],
  };
}

/**
 * Topics that look for particular sentences (training, novelty, impact…) pick theirs before the
 * general ones (summary, methods, team) take what is left, so each sentence lands where it answers.
 */
const TOPIC_PRIORITY: SectionTopic[] = [
  'objectives',
  'training',
  'edi',
  'novelty',
  'risk',
  'impact',
  'commercialisation',
  'dissemination',
  'data',
  'progress',
  'otherSupport',
  'partner',
  'workplan',
  'budget',
  'summary',
  'methods',
  'team',
];

function writeTopics(entry: ProgramSectionsEntry, m: Material): Map<SectionTopic, Written> {
  const present = new Set(entry.sections.flatMap((s) => s.topics));
  const out = new Map<SectionTopic, Written>();
  for (const topic of TOPIC_PRIORITY) if (present.has(topic)) out.set(topic, WRITERS[topic](m));
  return out;
}

function writeSpecSection(
  spec: ProgramSectionSpec,
  m: Material,
  written: Map<SectionTopic, Written>,
): GeneratedSection {
  const parts = spec.topics.map((t) => written.get(t) ?? WRITERS[t](m));
  const paragraphs = parts.map((p) => p.text).filter((t) => t.trim());
  const questions = parts.flatMap((p) => p.questions ?? []);
  const ask = (a: ProgramSectionSpec['asks'][number]) => m.t.ask(a.need, a.question);
  for (const a of spec.asks) {
    if (!NEEDS[a.need](m) && !questions.includes(ask(a))) questions.push(ask(a));
  }
  // Nothing of the material fits here: the section asks rather than stand empty.
  if (paragraphs.length === 0 && questions.length === 0) {
    const first = spec.asks[0];
    questions.push(first ? ask(first) : m.t.askSection(sectionHeading(m, spec.header), spec.guidance));
  }
  // Headed by the funder's English header while the draft is checked; assemble.ts names it last.
  return {
    heading: spec.header,
    body: paragraphs.join('\n\n'),
    questions,
    table: parts.find((p) => p.table)?.table ?? null,
    writtenBy: 'material',
  };
}

function writeAttachment(name: string, m: Material): GeneratedSection {
  const lead = `${m.form.teamLeadName.trim()} (${m.form.teamLeadRole.trim()})`;
  return {
    heading: name,
    body: m.t.attachment({
      name: sectionHead(name),
      lead,
      partner: m.partner,
      title: m.form.projectTitle.trim(),
    }),
    questions: [],
    table: null,
    writtenBy: 'material',
  };
}
