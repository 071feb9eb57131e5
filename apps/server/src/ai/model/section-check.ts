import type { ProgramSectionSpec, ProgramSectionsEntry } from '@grantleaf/shared/program-sections.schema';
import type { GenerationForm } from '../read/form.ts';
import { countFor } from '../check/count.ts';
import { normalise, type ProvenanceSources, untracedItems } from './provenance.ts';

interface SectionProblems {
  /** Said to the model in a revision round. */
  failures: string[];
  /** Required elements the text still lacks. */
  missing: string[];
  /** Numbers, dates and names not found in the applicant's material or the program data. */
  untraced: string[];
}

/** The offline checks on one model-written section: its limit, its required elements, provenance. */
export function checkModelSection(
  body: string,
  spec: ProgramSectionSpec,
  entry: ProgramSectionsEntry,
  form: GenerationForm,
  sources: ProvenanceSources,
): SectionProblems {
  const failures: string[] = [];
  if (spec.limit && spec.limit.kind === 'maximum') {
    const count = countFor(body, spec.limit, entry.wordsPerPage);
    if (count.status === 'over') {
      const words = spec.limit.unit === 'pages' ? spec.limit.max * entry.wordsPerPage : spec.limit.max;
      failures.push(
        `The section is over its limit: ${count.note} Shorten it to at most ${Math.floor(words).toLocaleString('en-US')} ${spec.limit.unit === 'characters' ? 'characters' : 'words'}.`,
      );
    }
  }
  const missing = requiredMentions(spec, form).filter((r) => !normalise(body).includes(normalise(r.text)));
  for (const m of missing) failures.push(`The section must mention ${m.label} ("${m.text}").`);
  const untraced = untracedItems(body, sources);
  if (untraced.length > 0) {
    failures.push(
      `These figures, dates or names are not in the applicant's material: ${untraced.map((u) => `"${u}"`).join(', ')}. Remove them or use only what the material says.`,
    );
  }
  return { failures, missing: missing.map((m) => `${m.label} ("${m.text}")`), untraced };
}

/** What a section must name, from the applicant's own material, by the topics it writes. */
function requiredMentions(spec: ProgramSectionSpec, form: GenerationForm): { label: string; text: string }[] {
  const out: { label: string; text: string }[] = [];
  const topics = new Set(spec.topics);
  if (topics.has('summary')) out.push({ label: 'the project title', text: form.projectTitle.trim() });
  if (topics.has('team')) out.push({ label: 'the project lead', text: form.teamLeadName.trim() });
  if (topics.has('partner') && form.industryPartner?.trim()) {
    out.push({ label: 'the partner', text: form.industryPartner.trim().split(/[(,;]/)[0]!.trim() });
  }
  if (topics.has('workplan')) {
    for (const m of form.timelineMilestones ?? [])
      if (m.title?.trim()) out.push({ label: 'the milestone', text: m.title.trim() });
  }
  return out.filter((r) => r.text);
}
