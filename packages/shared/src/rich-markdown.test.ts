import { describe, expect, it } from 'vitest';
import { docToText, richDocSchema, type RichNode } from './application-document.schema.ts';
import { docToMarkdown, markdownToDoc } from './rich-markdown.ts';
import { numbersNotIn, sectionActionsFor } from './section-actions.schema.ts';

const types = (doc: RichNode) => (doc.content ?? []).map((n) => n.type);

const MODEL_ANSWER = [
  '## Objectives',
  '',
  'We will **deploy 40 sensors** on the *Red River* ([map](https://example.org/map)).',
  '',
  '- Deploy sensors by month 12',
  '- Publish open data',
  '  - weekly',
  '',
  '1. Calibrate',
  '2. Validate against coring',
  '',
  '| Item | Year 1 | Year 2 |',
  '|------|-------:|:------:|',
  '| Sensors | $40,000 | $10,000 |',
  '| Travel | $5,000 |',
  '',
  '> Partners confirmed in writing.',
].join('\n');

describe('markdownToDoc', () => {
  it('keeps headings, bullet and numbered lists, tables, quotes and inline marks as editor nodes', () => {
    const doc = markdownToDoc(MODEL_ANSWER);
    expect(richDocSchema.safeParse(doc).success).toBe(true);
    expect(types(doc)).toEqual(['heading', 'paragraph', 'bulletList', 'orderedList', 'table', 'blockquote']);
    const [heading, para, bullets, numbered, table] = doc.content!;
    expect(heading).toMatchObject({ attrs: { level: 2 }, content: [{ text: 'Objectives' }] });
    expect(para!.content).toEqual([
      { type: 'text', text: 'We will ' },
      { type: 'text', text: 'deploy 40 sensors', marks: [{ type: 'bold' }] },
      { type: 'text', text: ' on the ' },
      { type: 'text', text: 'Red River', marks: [{ type: 'italic' }] },
      { type: 'text', text: ' (' },
      { type: 'text', text: 'map', marks: [{ type: 'link', attrs: { href: 'https://example.org/map' } }] },
      { type: 'text', text: ').' },
    ]);
    // The nested bullet stays inside its item.
    expect(bullets!.content![1]!.content!.map((n) => n.type)).toEqual(['paragraph', 'bulletList']);
    expect(numbered).toMatchObject({ type: 'orderedList', attrs: { start: 1 } });
    expect(numbered!.content).toHaveLength(2);
    // A header row of tableHeader cells, body rows padded to the header's width.
    expect(table!.content!.map((r) => r.content!.map((c) => c.type))).toEqual([
      ['tableHeader', 'tableHeader', 'tableHeader'],
      ['tableCell', 'tableCell', 'tableCell'],
      ['tableCell', 'tableCell', 'tableCell'],
    ]);
    expect(docToText(doc)).toContain('Sensors | $40,000 | $10,000');
  });

  it('reads plain paragraphs as paragraphs, and an unsafe link as text', () => {
    const doc = markdownToDoc('First line\nsame paragraph.\n\nSecond [x](javascript:alert(1)).');
    expect(types(doc)).toEqual(['paragraph', 'paragraph']);
    expect(docToText(doc)).toBe('First line same paragraph.\n\nSecond [x](javascript:alert(1)).');
    expect(JSON.stringify(doc)).not.toContain('"link"');
    expect(markdownToDoc('   ')).toEqual({ type: 'doc', content: [{ type: 'paragraph' }] });
  });

  it('round-trips what the editor writes through docToMarkdown', () => {
    const doc = markdownToDoc(MODEL_ANSWER);
    expect(markdownToDoc(docToMarkdown(doc))).toEqual(doc);
    expect(docToMarkdown(doc)).toContain('| Sensors | $40,000 | $10,000 |');
    expect(docToMarkdown(doc)).toContain('  - weekly');
  });

  it('reads what CommonMark reads (markdown-it): escapes, strikethrough, setext headings, code spans, 1) lists', () => {
    const doc = markdownToDoc(
      [
        'Budget',
        '======',
        '',
        String.raw`Costs are \*estimates\*, not ~~final~~ figures; see ` +
          '`rate_of_pay` (code, kept as text).',
        '',
        'A snake_case_name stays text.',
        '',
        '1) Hire',
        '2) Train',
        '   - on site',
      ].join('\n'),
    );
    expect(types(doc)).toEqual(['heading', 'paragraph', 'paragraph', 'orderedList']);
    expect(doc.content![0]).toMatchObject({ attrs: { level: 1 }, content: [{ text: 'Budget' }] });
    expect(doc.content![1]!.content).toEqual([
      { type: 'text', text: 'Costs are *estimates*, not ' },
      { type: 'text', text: 'final', marks: [{ type: 'strike' }] },
      { type: 'text', text: ' figures; see rate_of_pay (code, kept as text).' },
    ]);
    expect(docToText(doc)).toContain('A snake_case_name stays text.');
    // A sub-list indented past "2) " belongs to that item.
    const ordered = doc.content![3]!;
    expect(ordered.content!.map((item) => item.content!.map((n) => n.type))).toEqual([
      ['paragraph'],
      ['paragraph', 'bulletList'],
    ]);
  });

  it('reads a model answer wrapped in a fence, with • bullets and an unsafe link, as Markdown', () => {
    const doc = markdownToDoc(
      ['```markdown', '## Aims', '', '• first', '• second [x](javascript:alert(1))', '```'].join('\n'),
    );
    expect(types(doc)).toEqual(['heading', 'bulletList']);
    expect(doc.content![1]!.content).toHaveLength(2);
    // An unsafe link stays its text, and the rest keeps its structure.
    expect(docToText(doc)).toContain('second [x](javascript:alert(1))');
  });

  it('writes text that looks like Markdown so that it reads back as the same text', () => {
    const doc: RichNode = {
      type: 'doc',
      content: [
        {
          type: 'paragraph',
          content: [{ type: 'text', text: '# not a heading, *not italic*, [not](a link)' }],
        },
        { type: 'paragraph', content: [{ type: 'text', text: '2024. A year, not a list' }] },
        {
          type: 'orderedList',
          attrs: { start: 9 },
          content: [
            {
              type: 'listItem',
              content: [
                {
                  type: 'paragraph',
                  content: [{ type: 'text', text: '- a dash', marks: [{ type: 'strike' }] }],
                },
                {
                  type: 'bulletList',
                  content: [
                    {
                      type: 'listItem',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'under nine' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(markdownToDoc(docToMarkdown(doc))).toEqual(doc);
  });

  it('falls back to plain paragraphs when the structure is deeper than the schema allows', () => {
    const deep = Array.from({ length: 12 }, (_, i) => `${' '.repeat(i * 2)}- level ${i}`).join('\n');
    const doc = markdownToDoc(deep);
    expect(richDocSchema.safeParse(doc).success).toBe(true);
    expect(docToText(doc)).toContain('level 11');
  });
});

describe('section actions', () => {
  it('offers drafting for a near-empty section and rewrites for one with text', () => {
    expect(sectionActionsFor({ text: '', hasLimit: true, hasMissing: true })).toEqual(['draft']);
    expect(sectionActionsFor({ text: 'Notes: sensors.', hasLimit: true, hasMissing: false })).toEqual([
      'draft',
      'shorten',
      'lay_summary',
    ]);
    expect(sectionActionsFor({ text: 'word '.repeat(200), hasLimit: false, hasMissing: true })).toEqual([
      'improve',
      'lay_summary',
    ]);
  });

  it('does not take a numbered list ordinal for a new figure', () => {
    expect(numbersNotIn('1. Deploy 40 sensors\n2. Cut time by 42%', 'We deploy 40 sensors.')).toEqual([
      '42%',
    ]);
  });
});
