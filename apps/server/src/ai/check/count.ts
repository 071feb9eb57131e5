import type { SectionCount } from '@grantleaf/shared/grant-results.schema';
import type { SectionLimit } from '@grantleaf/shared/program-sections.schema';
import { PAGE_LIMIT_TOLERANCE } from '../text/limits.ts';
import { countWords } from '../text/review-text.ts';
import { type DraftLanguage, writerText } from '../write/phrases/index.ts';

/**
 * One text against one limit in the funder's unit: the counter the writer fits its sections to,
 * the model path's section check and the editor's live counter all use.
 */
export function countFor(
  body: string,
  limit: SectionLimit,
  wordsPerPage: number,
  language: DraftLanguage = 'en',
): SectionCount {
  const words = countWords(body);
  const characters = body.length;
  const used =
    limit.unit === 'characters'
      ? characters
      : limit.unit === 'words'
        ? words
        : Math.round((words / wordsPerPage) * 10) / 10;
  // Judged as the reviewer judges (parseLimit's flagAbove): a page count is an estimate in words,
  // flagged only above PAGE_LIMIT_TOLERANCE of them; words and characters are exact.
  const over =
    limit.unit === 'pages' ? words > limit.max * wordsPerPage * PAGE_LIMIT_TOLERANCE : used > limit.max;
  return {
    unit: limit.unit,
    max: limit.max,
    used,
    words,
    characters,
    wordsPerPage: limit.unit === 'pages' ? wordsPerPage : null,
    kind: limit.kind,
    status: over ? 'over' : 'within',
    note: writerText(language).countNote({
      used,
      limit,
      wordsPerPage: limit.unit === 'pages' ? wordsPerPage : null,
    }),
  };
}
