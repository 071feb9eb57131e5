import type { Gap, GeneratedSection, LimitCheck } from '@grantleaf/shared/grant-results.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { countFor } from '../check/count.ts';
import type { ProgramShape } from '../profile/sections.ts';
import { countWords } from '../text/review-text.ts';
import type { WriterText } from './phrases/index.ts';

/** A draft's sections and shared limits counted in the funder's units, and the gaps over them. */

export function withCount(section: GeneratedSection, shape: ProgramShape, t: WriterText): GeneratedSection {
  const spec = shape.entry.sections.find((s) => s.header === section.heading);
  if (!spec?.limit) return { ...section, count: section.count ?? null };
  return { ...section, count: countFor(section.body, spec.limit, shape.entry.wordsPerPage, t.language) };
}

export function limitChecks(sections: GeneratedSection[], shape: ProgramShape, t: WriterText): LimitCheck[] {
  const { entry } = shape;
  const toCheck = (name: string, body: string | null, limit: SectionLimit | null): LimitCheck => {
    if (body === null) {
      return {
        section: name,
        limit: limit ? t.limitText(limit) : null,
        unit: null,
        max: null,
        words: 0,
        characters: 0,
        status: 'missing',
        note: t.sectionNotFound,
      };
    }
    const words = countWords(body);
    if (!limit) {
      return {
        section: name,
        limit: null,
        unit: null,
        max: null,
        words,
        characters: body.length,
        status: 'no_limit',
        note: t.noLimitPublished,
      };
    }
    const count = countFor(body, limit, entry.wordsPerPage, t.language);
    const unit = limit.unit === 'characters' ? 'characters' : 'words';
    const max = limit.unit === 'pages' ? limit.max * entry.wordsPerPage : limit.max;
    return {
      section: name,
      limit: t.limitText(limit),
      unit,
      max: Math.round(max),
      words,
      characters: body.length,
      status: count.status === 'over' && limit.kind === 'maximum' ? 'over' : 'within',
      note: count.note,
    };
  };
  const bodyOf = (header: string) => sections.find((s) => s.heading === header)?.body ?? null;
  const own = entry.sections.map((s) => toCheck(s.header, bodyOf(s.header), s.limit));
  const shared = entry.sharedLimits.map((g) => {
    const bodies = g.sections.map((id) => bodyOf(entry.sections.find((s) => s.id === id)?.header ?? ''));
    return toCheck(g.header, bodies.filter((b) => b !== null).join('\n\n'), g.limit);
  });
  return [...own, ...shared];
}

export function limitGaps(limits: LimitCheck[], t: WriterText): Gap[] {
  return limits
    .filter((l) => l.status === 'over')
    .map((l) => ({ severity: 'critical' as const, message: t.overLimit(l.section, l.note) }));
}
