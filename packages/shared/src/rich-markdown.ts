import {
  emptyDoc,
  richDocSchema,
  textToDoc,
  type RichMark,
  type RichNode,
} from './application-document.schema.ts';

/**
 * A section as Markdown and back (ADR 0140): an AI action reads the section as Markdown and answers
 * in Markdown, so accepting its suggestion keeps headings, bullet and numbered lists and tables
 * (GitHub pipe tables) as the editor's own nodes instead of flattening them to paragraphs. Only
 * what the editor's schema holds is produced; anything else stays text.
 */

// --- document → Markdown ------------------------------------------------------------------------

const escapeCell = (text: string) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ');

function inlineMarkdown(nodes: RichNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '\n';
      if (node.type !== 'text') return inlineMarkdown(node.content);
      let text = node.text ?? '';
      if (!text.trim()) return text;
      const marks = new Set((node.marks ?? []).map((m) => m.type));
      const href = node.marks?.find((m) => m.type === 'link')?.attrs?.href;
      if (marks.has('italic')) text = `*${text}*`;
      if (marks.has('bold')) text = `**${text}**`;
      if (typeof href === 'string') text = `[${text}](${href})`;
      return text;
    })
    .join('');
}

/** A section's document as Markdown: blocks separated by a blank line. */
export function docToMarkdown(doc: RichNode): string {
  const blocks: string[] = [];
  const list = (node: RichNode, indent: string): string =>
    (node.content ?? [])
      .map((item, i) => {
        const marker = node.type === 'orderedList' ? `${Number(node.attrs?.start ?? 1) + i}.` : '-';
        const [first, ...rest] = item.content ?? [];
        const lines = [`${indent}${marker} ${first ? inlineMarkdown(first.content) : ''}`];
        for (const child of rest)
          if (child.type === 'bulletList' || child.type === 'orderedList')
            lines.push(list(child, `${indent}  `));
          else lines.push(`${indent}  ${inlineMarkdown(child.content)}`);
        return lines.join('\n');
      })
      .join('\n');
  const walk = (node: RichNode) => {
    switch (node.type) {
      case 'doc':
        node.content?.forEach(walk);
        return;
      case 'heading':
        blocks.push(`${'#'.repeat(Number(node.attrs?.level ?? 2))} ${inlineMarkdown(node.content)}`);
        return;
      case 'bulletList':
      case 'orderedList':
        blocks.push(list(node, ''));
        return;
      case 'blockquote': {
        const inner = docToMarkdown({ type: 'doc', content: node.content ?? [] });
        blocks.push(
          inner
            .split('\n')
            .map((l) => (l ? `> ${l}` : '>'))
            .join('\n'),
        );
        return;
      }
      case 'table': {
        const rows = (node.content ?? []).map((row) =>
          (row.content ?? []).map((cell) =>
            escapeCell(
              (cell.content ?? [])
                .map((p) => inlineMarkdown(p.content))
                .join(' ')
                .trim(),
            ),
          ),
        );
        if (rows.length === 0) return;
        const width = Math.max(...rows.map((r) => r.length));
        const line = (cells: string[]) =>
          `| ${Array.from({ length: width }, (_, i) => cells[i] ?? '').join(' | ')} |`;
        blocks.push([line(rows[0]!), `|${' --- |'.repeat(width)}`, ...rows.slice(1).map(line)].join('\n'));
        return;
      }
      default:
        blocks.push(inlineMarkdown(node.content));
    }
  };
  walk(doc);
  return blocks.filter((b) => b.trim() !== '').join('\n\n');
}

// --- Markdown → document ------------------------------------------------------------------------

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
// **bold**, *italic* (not a lone asterisk between spaces) and [text](http… or mailto:…).
const INLINE = /(\*\*[^*\n]+?\*\*|__[^_\n]+?__|\*[^*\s][^*\n]*?\*|\[[^\]\n]+\]\([^)\s]+\))/;

function inlineNodes(text: string, marks: RichMark[] = []): RichNode[] {
  const out: RichNode[] = [];
  const push = (t: string, m: RichMark[]) => {
    if (!t) return;
    out.push(m.length ? { type: 'text', text: t, marks: m } : { type: 'text', text: t });
  };
  for (const part of text.split(INLINE)) {
    if (!part) continue;
    if ((part.startsWith('**') && part.endsWith('**')) || (part.startsWith('__') && part.endsWith('__')))
      out.push(...inlineNodes(part.slice(2, -2), [...marks, { type: 'bold' }]));
    else if (part.length > 2 && part.startsWith('*') && part.endsWith('*'))
      out.push(...inlineNodes(part.slice(1, -1), [...marks, { type: 'italic' }]));
    else if (part.startsWith('[')) {
      const m = /^\[([^\]]+)\]\(([^)\s]+)\)$/.exec(part);
      if (m && SAFE_HREF.test(m[2]!))
        out.push(...inlineNodes(m[1]!, [...marks, { type: 'link', attrs: { href: m[2]! } }]));
      else push(part, marks);
    } else push(part, marks);
  }
  return out;
}

const paragraph = (text: string): RichNode => {
  const content = inlineNodes(text.trim());
  return content.length ? { type: 'paragraph', content } : { type: 'paragraph' };
};

const HEADING = /^(#{1,6})\s+(.*?)\s*#*\s*$/;
const LIST_ITEM = /^(\s*)([-*+•]|\d{1,4}[.)])\s+(.*)$/;
const TABLE_RULE = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;
const QUOTE = /^\s*>\s?/;
const FENCE = /^\s*```/;
/** Lists nested deeper than this are read as items of the deepest level (the schema caps depth). */
const MAX_LIST_DEPTH = 3;

function splitRow(line: string): string[] {
  const trimmed = line
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return trimmed.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, '|'));
}

const isTableStart = (lines: string[], i: number) =>
  lines[i]!.includes('|') && i + 1 < lines.length && TABLE_RULE.test(lines[i + 1]!);

function startsBlock(lines: string[], i: number): boolean {
  const line = lines[i]!;
  return HEADING.test(line) || LIST_ITEM.test(line) || QUOTE.test(line) || isTableStart(lines, i);
}

function tableNode(header: string[], body: string[][]): RichNode {
  const cell = (type: 'tableHeader' | 'tableCell', text: string): RichNode => ({
    type,
    attrs: { colspan: 1, rowspan: 1, colwidth: null },
    content: [paragraph(text)],
  });
  return {
    type: 'table',
    content: [
      { type: 'tableRow', content: header.map((c) => cell('tableHeader', c)) },
      ...body.map((r) => ({
        type: 'tableRow' as const,
        content: header.map((_, i) => cell('tableCell', r[i] ?? '')),
      })),
    ],
  };
}

interface Item {
  indent: number;
  ordered: boolean;
  start: number;
  text: string;
}

/** Consecutive list lines as nested lists, by indentation. */
function listNode(items: Item[], depth = 1): RichNode {
  const first = items[0]!;
  const base = first.indent;
  const content: RichNode[] = [];
  let i = 0;
  while (i < items.length) {
    const item = items[i]!;
    const children: Item[] = [];
    let j = i + 1;
    while (j < items.length && items[j]!.indent > base) children.push(items[j++]!);
    const node: RichNode = { type: 'listItem', content: [paragraph(item.text)] };
    if (children.length)
      node.content!.push(
        ...(depth < MAX_LIST_DEPTH
          ? [listNode(children, depth + 1)]
          : children.map((c) => paragraph(c.text))),
      );
    content.push(node);
    i = j;
  }
  return first.ordered
    ? { type: 'orderedList', attrs: { start: first.start }, content }
    : { type: 'bulletList', content };
}

function blocksOf(lines: string[]): RichNode[] {
  const out: RichNode[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i]!;
    if (line.trim() === '' || FENCE.test(line)) {
      i++;
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      const content = inlineNodes(heading[2]!);
      out.push({
        type: 'heading',
        attrs: { level: Math.min(heading[1]!.length, 3) },
        ...(content.length ? { content } : {}),
      });
      i++;
      continue;
    }
    if (isTableStart(lines, i)) {
      const header = splitRow(line);
      const body: string[][] = [];
      i += 2;
      while (i < lines.length && lines[i]!.trim() !== '' && lines[i]!.includes('|'))
        body.push(splitRow(lines[i++]!));
      out.push(tableNode(header, body));
      continue;
    }
    if (QUOTE.test(line)) {
      const inner: string[] = [];
      while (i < lines.length && QUOTE.test(lines[i]!)) inner.push(lines[i++]!.replace(QUOTE, ''));
      const content = blocksOf(inner);
      if (content.length) out.push({ type: 'blockquote', content });
      continue;
    }
    if (LIST_ITEM.test(line)) {
      const items: Item[] = [];
      while (i < lines.length) {
        const m = LIST_ITEM.exec(lines[i]!);
        if (m) {
          const marker = m[2]!;
          const ordered = /\d/.test(marker);
          items.push({
            indent: m[1]!.replace(/\t/g, '  ').length,
            ordered,
            start: ordered ? Number.parseInt(marker, 10) : 1,
            text: m[3]!,
          });
          i++;
        } else if (lines[i]!.trim() !== '' && /^\s+/.test(lines[i]!) && items.length) {
          // An indented line continues the item above.
          items[items.length - 1]!.text += ` ${lines[i++]!.trim()}`;
        } else if (lines[i]!.trim() === '' && i + 1 < lines.length && LIST_ITEM.test(lines[i + 1]!)) {
          i++; // A loose list: blank lines between items.
        } else break;
      }
      // A bullet list followed by a numbered one at the same level are two lists.
      let from = 0;
      for (let k = 1; k <= items.length; k++) {
        const top = items[from]!;
        const next = items[k];
        if (!next || (next.indent <= top.indent && next.ordered !== top.ordered)) {
          out.push(listNode(items.slice(from, k)));
          from = k;
        }
      }
      continue;
    }
    const para: string[] = [];
    while (i < lines.length && lines[i]!.trim() !== '' && !FENCE.test(lines[i]!)) {
      if (para.length && startsBlock(lines, i)) break;
      para.push(lines[i++]!.trim());
    }
    out.push(paragraph(para.join(' ')));
  }
  return out;
}

/**
 * Markdown (as a model writes it, or docToMarkdown's) as a section's document, validated by the
 * editor's schema. Should the structure not validate (too deep, too large), the text is kept as
 * plain paragraphs and lists, which is what accepting did before.
 */
export function markdownToDoc(markdown: string): RichNode {
  const content = blocksOf(markdown.replace(/\r\n?/g, '\n').split('\n'));
  const doc: RichNode = content.length ? { type: 'doc', content } : emptyDoc();
  const parsed = richDocSchema.safeParse(doc);
  return parsed.success ? parsed.data : richDocSchema.parse(textToDoc(markdown));
}
