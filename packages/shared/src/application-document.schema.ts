import { z } from 'zod';
import { applicationSchema } from './applications.schema.ts';
import { sectionLimitSchema } from './program-sections.schema.ts';

/**
 * An application's sections as rich text (issue 16 §1): ProseMirror JSON as the editor (TipTap)
 * writes it, validated on the server against the node and mark types the editor offers, so a
 * stored document holds nothing a renderer does not know, and rendered as React, never as HTML.
 */

export const RICH_NODE_TYPES = [
  'doc',
  'paragraph',
  'text',
  'heading',
  'bulletList',
  'orderedList',
  'listItem',
  'blockquote',
  'hardBreak',
  'table',
  'tableRow',
  'tableHeader',
  'tableCell',
] as const;
export const RICH_MARK_TYPES = ['bold', 'italic', 'underline', 'strike', 'link'] as const;
export type RichNodeType = (typeof RICH_NODE_TYPES)[number];

/** One section's document as JSON; a page of a funder's form is far below it (a 15-page narrative is ~60 KB). */
export const MAX_SECTION_JSON_CHARS = 200_000;
const MAX_DEPTH = 16;
const MAX_TEXT = 50_000;

const attrValue = z.union([z.string().max(2_000), z.number(), z.boolean(), z.null(), z.array(z.number())]);
/** Links go to the web or to mail only: a `javascript:` href is refused, not escaped later. */
const SAFE_HREF = /^(?:https?:\/\/|mailto:)/i;

export const richMarkSchema = z
  .object({
    type: z.enum(RICH_MARK_TYPES),
    attrs: z.record(z.string().max(40), attrValue).optional(),
  })
  .superRefine((mark, ctx) => {
    if (mark.type !== 'link') return;
    const href = mark.attrs?.href;
    if (typeof href !== 'string' || !SAFE_HREF.test(href))
      ctx.addIssue({ code: 'custom', message: 'Links must start with http://, https:// or mailto:' });
  });
export type RichMark = z.infer<typeof richMarkSchema>;

export interface RichNode {
  type: RichNodeType;
  attrs?: Record<string, string | number | boolean | null | number[]>;
  content?: RichNode[];
  marks?: RichMark[];
  text?: string;
}

export const richNodeSchema: z.ZodType<RichNode> = z.lazy(() =>
  z
    .object({
      type: z.enum(RICH_NODE_TYPES),
      attrs: z.record(z.string().max(40), attrValue).optional(),
      content: z.array(richNodeSchema).max(5_000).optional(),
      marks: z.array(richMarkSchema).max(10).optional(),
      text: z.string().max(MAX_TEXT).optional(),
    })
    .strict()
    .superRefine((node, ctx) => {
      if (node.type === 'text' && typeof node.text !== 'string')
        ctx.addIssue({ code: 'custom', message: 'A text node needs its text' });
      if (node.type === 'heading') {
        const level = node.attrs?.level;
        if (level !== 1 && level !== 2 && level !== 3)
          ctx.addIssue({ code: 'custom', message: 'Headings are level 1 to 3' });
      }
    }),
);

function depthOf(node: RichNode): number {
  return 1 + Math.max(0, ...(node.content ?? []).map(depthOf));
}

/** A section's document: a `doc` root, bounded in size and depth. */
export const richDocSchema = richNodeSchema.superRefine((doc, ctx) => {
  if (doc.type !== 'doc') ctx.addIssue({ code: 'custom', message: 'The root node must be a doc' });
  if (JSON.stringify(doc).length > MAX_SECTION_JSON_CHARS)
    ctx.addIssue({ code: 'custom', message: 'This section is too long to save' });
  if (depthOf(doc) > MAX_DEPTH)
    ctx.addIssue({ code: 'custom', message: 'This section is nested too deeply' });
});

export const emptyDoc = (): RichNode => ({ type: 'doc', content: [{ type: 'paragraph' }] });

const textOf = (node: RichNode): string =>
  node.type === 'text'
    ? (node.text ?? '')
    : node.type === 'hardBreak'
      ? '\n'
      : (node.content ?? []).map(textOf).join('');

/**
 * The plain text of a document: blocks separated by a blank line, list items as "- " lines, table
 * rows as cells joined by " | ". What the limit counter counts, the checks read and portals take.
 */
export function docToText(doc: RichNode): string {
  const blocks: string[] = [];
  const walk = (node: RichNode, listPrefix = '') => {
    switch (node.type) {
      case 'doc':
      case 'blockquote':
        for (const child of node.content ?? []) walk(child, listPrefix);
        return;
      case 'bulletList':
      case 'orderedList':
        (node.content ?? []).forEach((item, i) =>
          walk(item, node.type === 'orderedList' ? `${Number(node.attrs?.start ?? 1) + i}. ` : '- '),
        );
        return;
      case 'listItem': {
        const [first, ...rest] = node.content ?? [];
        if (first) blocks.push(`${listPrefix}${textOf(first)}`);
        for (const child of rest) walk(child, '- ');
        return;
      }
      case 'table':
        blocks.push(
          (node.content ?? [])
            .map((row) => (row.content ?? []).map((cell) => textOf(cell).trim()).join(' | '))
            .join('\n'),
        );
        return;
      default:
        blocks.push(textOf(node));
    }
  };
  walk(doc);
  return blocks.filter((b) => b.trim() !== '').join('\n\n');
}

const paragraph = (text: string): RichNode =>
  text ? { type: 'paragraph', content: [{ type: 'text', text }] } : { type: 'paragraph' };

/**
 * A draft's plain body (blank-line paragraphs, "- " bullet lines) and its table as a document, so a
 * generated draft opens in the editor with its lists and a real table.
 */
export function textToDoc(body: string, table?: { columns: string[]; rows: string[][] } | null): RichNode {
  const content: RichNode[] = [];
  for (const block of body.split(/\n{2,}/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    if (lines.length === 0) continue;
    if (lines.every((l) => /^\s*[-•*]\s+/.test(l))) {
      content.push({
        type: 'bulletList',
        content: lines.map((l) => ({
          type: 'listItem',
          content: [paragraph(l.replace(/^\s*[-•*]\s+/, ''))],
        })),
      });
    } else {
      content.push(paragraph(lines.join(' ').trim()));
    }
  }
  if (table && table.columns.length > 0) {
    const cell = (type: 'tableHeader' | 'tableCell', text: string): RichNode => ({
      type,
      attrs: { colspan: 1, rowspan: 1, colwidth: null },
      content: [paragraph(text)],
    });
    content.push({
      type: 'table',
      content: [
        { type: 'tableRow', content: table.columns.map((c) => cell('tableHeader', c)) },
        ...table.rows.map((r) => ({
          type: 'tableRow' as const,
          content: table.columns.map((_, i) => cell('tableCell', r[i] ?? '')),
        })),
      ],
    });
  }
  return content.length > 0 ? { type: 'doc', content } : emptyDoc();
}

// --- the application as the editor reads it ---------------------------------------------------

export const applicationSectionSchema = z.object({
  /** The template's section id (program-sections.json), stable across versions. */
  id: z.string(),
  header: z.string(),
  limit: sectionLimitSchema.nullable(),
  guidance: z.string(),
  doc: richNodeSchema,
});
export type ApplicationSection = z.infer<typeof applicationSectionSchema>;

export const applicationDetailSchema = applicationSchema.extend({
  sections: z.array(applicationSectionSchema),
  /** Words a page holds under the funder's formatting, for page limits. */
  wordsPerPage: z.number().int().positive(),
  formatting: z.string().nullable(),
  /** What the session's user may do here (issue 32 §2): the editor turns read-only below 'editor'. */
  access: z.enum(['viewer', 'commenter', 'editor', 'owner']),
});
export type ApplicationDetail = z.infer<typeof applicationDetailSchema>;

const sectionIdSchema = z.string().min(1).max(80);

export const saveSectionsSchema = z.object({
  /** The version the edit was based on; a save over a newer one is refused (409). */
  baseVersion: z.number().int().min(0),
  sections: z
    .array(z.object({ id: sectionIdSchema, doc: richDocSchema }))
    .min(1)
    .max(60),
});
export type SaveSectionsInput = z.infer<typeof saveSectionsSchema>;

export const savedSchema = z.object({ version: z.number().int(), updatedAt: z.string() });

export const versionSummarySchema = z.object({
  version: z.number().int(),
  author: z.string(),
  at: z.string(),
  /** Headers of the sections this save changed. */
  changed: z.array(z.string()),
});
export type VersionSummary = z.infer<typeof versionSummarySchema>;
export const versionListSchema = z.object({ data: z.array(versionSummarySchema) });

export const versionDetailSchema = versionSummarySchema.extend({
  sections: z.array(z.object({ id: z.string(), header: z.string(), doc: richNodeSchema })),
});
export type VersionDetail = z.infer<typeof versionDetailSchema>;

export const restoreVersionSchema = z.object({ baseVersion: z.number().int().min(0) });

// --- live checks --------------------------------------------------------------------------------

/** The text being written, section by section, as the checks read it (docToText of each). */
export const checkRequestSchema = z.object({
  sections: z.array(z.object({ id: sectionIdSchema, text: z.string().max(MAX_SECTION_JSON_CHARS) })).max(60),
});
export type CheckRequest = z.infer<typeof checkRequestSchema>;

export const sectionCheckSchema = z.object({
  id: z.string(),
  header: z.string(),
  words: z.number().int(),
  characters: z.number().int(),
  /** Against the funder's limit, in its unit; null when the section has none. */
  count: z
    .object({
      unit: z.enum(['pages', 'words', 'characters']),
      used: z.number(),
      max: z.number(),
      kind: z.enum(['maximum', 'recommended']),
      status: z.enum(['within', 'over']),
      note: z.string(),
    })
    .nullable(),
  empty: z.boolean(),
  placeholders: z.array(z.string()),
});
export type SectionCheck = z.infer<typeof sectionCheckSchema>;

export const elementCheckSchema = z.object({
  id: z.string(),
  label: z.string(),
  /** not_assessed: the offline detector cannot tell from this text (ADR 0300); never a "missing" claim. */
  status: z.enum(['found', 'weak', 'missing', 'not_assessed']),
  quote: z.string().nullable(),
  /** The section whose text supplies the quote, when there is one. */
  sectionId: z.string().nullable(),
  expects: z.string(),
  suggestion: z.string(),
});
export type ElementCheck = z.infer<typeof elementCheckSchema>;

export const checkResultSchema = z.object({
  sections: z.array(sectionCheckSchema),
  criteria: z.array(
    z.object({ criterion: z.string(), weight: z.number().nullable(), elements: z.array(elementCheckSchema) }),
  ),
  budget: z.object({ ok: z.boolean(), message: z.string(), sectionId: z.string().nullable() }).nullable(),
  /** Totals stated in more than one section that disagree. */
  totals: z.array(z.object({ sectionId: z.string(), header: z.string(), amount: z.string() })),
  totalsAgree: z.boolean(),
  /** What is left before submitting, in words; empty means every check passes. */
  left: z.array(z.object({ message: z.string(), sectionId: z.string().nullable() })),
  basis: z.string(),
});
export type CheckResult = z.infer<typeof checkResultSchema>;
