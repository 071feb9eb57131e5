import MarkdownIt, { type Token } from 'markdown-it';
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
// Text that Markdown would read as marks or links is escaped, so it comes back as the same text.
const escapeInline = (text: string) => text.replace(/[\\`*_[\]~]/g, '\\$&');
// …and so is a line that would open a heading, quote, list or numbered list.
const BLOCK_START = /^(\s*)(#{1,6}(?=\s|$)|>|[-+](?=\s|$)|\d{1,9}(?=[.)](?:\s|$)))/gm;
const escapeBlockStart = (text: string) =>
  text.replace(BLOCK_START, (_, space: string, mark: string) =>
    /^\d/.test(mark) ? `${space}${mark}\\` : `${space}\\${mark}`,
  );

function inlineMarkdown(nodes: RichNode[] | undefined): string {
  return (nodes ?? [])
    .map((node) => {
      if (node.type === 'hardBreak') return '\n';
      if (node.type !== 'text') return inlineMarkdown(node.content);
      let text = escapeInline(node.text ?? '');
      if (!text.trim()) return text;
      const marks = new Set((node.marks ?? []).map((m) => m.type));
      const href = node.marks?.find((m) => m.type === 'link')?.attrs?.href;
      if (marks.has('italic')) text = `*${text}*`;
      if (marks.has('bold')) text = `**${text}**`;
      if (marks.has('strike')) text = `~~${text}~~`;
      if (typeof href === 'string') text = `[${text}](${/[\s()]/.test(href) ? `<${href}>` : href})`;
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
        const lines = [`${indent}${marker} ${first ? escapeBlockStart(inlineMarkdown(first.content)) : ''}`];
        // What belongs to the item is indented past its marker, as CommonMark reads it.
        const inner = indent + ' '.repeat(marker.length + 1);
        for (const child of rest)
          if (child.type === 'bulletList' || child.type === 'orderedList') lines.push(list(child, inner));
          else lines.push(`${inner}${inlineMarkdown(child.content)}`);
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
        blocks.push(escapeBlockStart(inlineMarkdown(node.content)));
    }
  };
  walk(doc);
  return blocks.filter((b) => b.trim() !== '').join('\n\n');
}

// --- Markdown → document ------------------------------------------------------------------------

const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;
/** Lists nested deeper than this are read as items of the deepest level (the schema caps depth). */
const MAX_LIST_DEPTH = 3;

// CommonMark and GitHub tables through markdown-it (ADR 1051). No HTML, and only http(s) and
// mailto links: any other link stays its Markdown text. Indented code is not a thing in a section
// (a model indents prose), so that rule is off and such lines read as text.
const md = new MarkdownIt('default', { html: false, linkify: false, typographer: false });
md.validateLink = (url) => SAFE_HREF.test(url.trim());
md.disable(['code', 'fence']);

/** What a model writes that CommonMark does not read: `•` bullets and ``` fences round an answer. */
const normalise = (markdown: string) =>
  markdown
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .filter((line) => !/^\s*```/.test(line))
    .map((line) => line.replace(/^(\s*)•(\s)/, '$1-$2'))
    .join('\n');

const MARK_OF: Record<string, RichMark['type']> = { strong: 'bold', em: 'italic', s: 'strike', link: 'link' };

/** An inline token's children as text nodes with their marks (adjacent equal runs merged). */
function inlineOf(tokens: Token[] = []): RichNode[] {
  const out: RichNode[] = [];
  const marks: RichMark[] = [];
  const text = (t: string) => {
    if (!t) return;
    const last = out[out.length - 1];
    if (last?.type === 'text' && JSON.stringify(last.marks ?? []) === JSON.stringify(marks)) last.text += t;
    else out.push(marks.length ? { type: 'text', text: t, marks: [...marks] } : { type: 'text', text: t });
  };
  for (const token of tokens) {
    const kind = token.type.replace(/_(open|close)$/, '');
    if (MARK_OF[kind] && token.nesting === 1)
      marks.push(
        kind === 'link'
          ? { type: 'link', attrs: { href: token.attrGet('href') ?? '' } }
          : { type: MARK_OF[kind]! },
      );
    else if (MARK_OF[kind] && token.nesting === -1) marks.pop();
    else if (token.type === 'softbreak') text(' ');
    else if (token.type === 'hardbreak') out.push({ type: 'hardBreak' });
    // Code spans and images are kept as their text: the editor has neither.
    else if (token.type === 'text' || token.type === 'code_inline' || token.type === 'image')
      text(token.content);
  }
  return out;
}

const paragraphOf = (inline: RichNode[]): RichNode =>
  inline.length ? { type: 'paragraph', content: inline } : { type: 'paragraph' };

/** A list past the deepest level the editor holds: each item's paragraphs, in order. */
const flatten = (list: RichNode): RichNode[] =>
  (list.content ?? []).flatMap((item) =>
    (item.content ?? []).flatMap((child) => (child.type === 'paragraph' ? [child] : flatten(child))),
  );

function capLists(node: RichNode, depth = 0): RichNode {
  const isList = node.type === 'bulletList' || node.type === 'orderedList';
  const level = isList ? depth + 1 : depth;
  if (node.type === 'listItem' && depth >= MAX_LIST_DEPTH)
    return {
      ...node,
      content: (node.content ?? []).flatMap((c) => (c.type === 'paragraph' ? [c] : flatten(c))),
    };
  return node.content ? { ...node, content: node.content.map((c) => capLists(c, level)) } : node;
}

const CELL_ATTRS = { colspan: 1, rowspan: 1, colwidth: null };

// The editor's node for each markdown-it block that opens one.
const BLOCKS: Record<string, (token: Token) => RichNode> = {
  heading: (t) => ({ type: 'heading', attrs: { level: Math.min(Number(t.tag.slice(1)), 3) }, content: [] }),
  paragraph: () => ({ type: 'paragraph', content: [] }),
  bullet_list: () => ({ type: 'bulletList', content: [] }),
  ordered_list: (t) => ({
    type: 'orderedList',
    attrs: { start: Number(t.attrGet('start') ?? 1) },
    content: [],
  }),
  list_item: () => ({ type: 'listItem', content: [] }),
  blockquote: () => ({ type: 'blockquote', content: [] }),
  table: () => ({ type: 'table', content: [] }),
  tr: () => ({ type: 'tableRow', content: [] }),
  th: () => ({ type: 'tableHeader', attrs: CELL_ATTRS, content: [] }),
  td: () => ({ type: 'tableCell', attrs: CELL_ATTRS, content: [] }),
};

/** markdown-it's token stream as the editor's nodes; what the editor has no node for is left out. */
function blocksOf(tokens: Token[]): RichNode[] {
  const root: RichNode = { type: 'doc', content: [] };
  const stack: RichNode[] = [root];
  const open = (node: RichNode) => {
    stack[stack.length - 1]!.content!.push(node);
    stack.push(node);
  };
  for (const token of tokens) {
    const kind = token.type.replace(/_(open|close)$/, '');
    if (token.nesting === -1) {
      if (BLOCKS[kind]) stack.pop();
      continue;
    }
    if (token.type === 'inline') {
      const inline = inlineOf(token.children ?? []);
      const parent = stack[stack.length - 1]!;
      // A table cell holds a paragraph; elsewhere the inline belongs to the open block.
      if (parent.type === 'tableHeader' || parent.type === 'tableCell')
        parent.content!.push(paragraphOf(inline));
      else if (inline.length) parent.content = inline;
      continue;
    }
    const make = BLOCKS[kind];
    // thead, tbody and hr have no node of their own.
    if (make) open(make(token));
  }
  const tidy = (node: RichNode): RichNode => {
    if (!node.content) return node;
    const content = node.content.map(tidy);
    if (content.length) return { ...node, content };
    const { content: _, ...rest } = node;
    return rest;
  };
  // An empty list item or cell still holds its (empty) paragraph, as the editor's schema wants.
  const fill = (node: RichNode): RichNode =>
    ['listItem', 'tableHeader', 'tableCell'].includes(node.type) && !node.content?.length
      ? { ...node, content: [{ type: 'paragraph' }] }
      : node.content
        ? { ...node, content: node.content.map(fill) }
        : node;
  // A quote with nothing in it is left out, as an empty block is.
  return (tidy(capLists(fill(root))).content ?? []).filter((n) => n.type !== 'blockquote' || n.content);
}

/**
 * Markdown (as a model writes it, or docToMarkdown's) as a section's document, validated by the
 * editor's schema. Should the structure not validate (too deep, too large), the text is kept as
 * plain paragraphs and lists, which is what accepting did before.
 */
export function markdownToDoc(markdown: string): RichNode {
  const content = blocksOf(md.parse(normalise(markdown), {}));
  const doc: RichNode = content.length ? { type: 'doc', content } : emptyDoc();
  const parsed = richDocSchema.safeParse(doc);
  return parsed.success ? parsed.data : richDocSchema.parse(textToDoc(markdown));
}
