import { ideaSections, type IdeaResults } from '@grantleaf/shared/ideas.schema';
import type { Language } from '@grantleaf/shared/language';
import { PDF_FONTS, renderPdfDocument } from '../../adapters/pdf/pdf-document.ts';
import { exportLabels } from '../submissions/index.ts';

/**
 * The shared sections with each list written on one line, as the exports print them: headings
 * and labels (with their colon) in the reader's language (ADR 0915), the idea's text as generated.
 */
function sections(
  idea: IdeaResults,
  language: Language,
): Array<{ heading: string; lines: Array<[string, string]> }> {
  const w = exportLabels(language).idea;
  return ideaSections(idea).map(({ heading, items }) => ({
    heading: w.heading(heading),
    lines: items.map(({ label, value }) => [w.field(label), Array.isArray(value) ? value.join('; ') : value]),
  }));
}

// Markdown control characters in generated text would change the document's structure.
const escapeMd = (s: string) => s.replace(/([\\`*_{}[\]<>#|])/g, '\\$1').replace(/\n+/g, ' ');

export function ideaToMarkdown(idea: IdeaResults, language: Language = 'en'): string {
  const out = [
    `# ${escapeMd(idea.research_topic.name)}`,
    '',
    `_${escapeMd(idea.research_topic.tagline)}_`,
    '',
  ];
  for (const section of sections(idea, language)) {
    out.push(`## ${section.heading}`, '');
    for (const [field, value] of section.lines) out.push(`- **${field}** ${escapeMd(value)}`);
    out.push('');
  }
  return out.join('\n');
}

const MARGIN = 40;

/** A one-page Letter PDF: text that would run past the page is shortened, never carried over. */
export function ideaToPdf(idea: IdeaResults, language: Language = 'en'): Promise<Buffer> {
  const { regular, bold, italic } = PDF_FONTS.sans;
  return renderPdfDocument({ margin: MARGIN, info: { Title: idea.research_topic.name } }, (doc) => {
    const width = doc.page.width - MARGIN * 2;
    const bottom = doc.page.height - MARGIN;
    const fits = (text: string, size: number, font: string) => {
      doc.font(font).fontSize(size);
      return doc.y + doc.heightOfString(text, { width }) <= bottom;
    };
    const write = (text: string, size: number, font: string, gap = 2) => {
      let t = text;
      while (t.length > 20 && !fits(t, size, font))
        t = `${t.slice(0, Math.floor(t.length * 0.8)).trimEnd()}…`;
      if (!fits(t, size, font)) return false;
      doc.font(font).fontSize(size).text(t, { width });
      doc.moveDown(gap / 10);
      return true;
    };
    write(idea.research_topic.name, 16, bold, 2);
    write(idea.research_topic.tagline, 10, italic, 6);
    for (const section of sections(idea, language)) {
      if (!write(section.heading, 11, bold, 1)) break;
      for (const [field, value] of section.lines) {
        if (!write(`${field} ${value}`, 8.5, regular, 1)) break;
      }
      doc.moveDown(0.3);
    }
  });
}
