import { ideaSections } from '@grantleaf/shared/ideas.schema';
import { describe, expect, it } from 'vitest';
import { generateOfflineIdea } from './idea-engine.ts';
import { ideaToMarkdown } from './idea-export.ts';
import { FRENCH_IDEA_WORDS } from '../submissions/export-labels.ts';

const idea = generateOfflineIdea({
  researchBackground: 'Our lab at the University of Waterloo builds electrochemical PFAS sensors.',
  researchInterests: 'Low-cost PFAS sensors for municipal drinking water',
});

describe('idea exports', () => {
  it('print the sections and labels the dashboard shows, lists on one line', () => {
    const md = ideaToMarkdown(idea);
    for (const { heading, items } of ideaSections(idea)) {
      expect(md).toContain(`## ${heading}\n`);
      for (const { label, value } of items) {
        expect(md).toContain(`- **${label}:** `);
        if (Array.isArray(value) && value.length > 1) expect(md).toContain('; ');
      }
    }
  });

  it('escapes Markdown in generated text, so a model cannot add structure', () => {
    const hostile = {
      ...idea,
      research_topic: { ...idea.research_topic, name: '# Title\n[link](http://x) <b>' },
    };
    expect(ideaToMarkdown(hostile).split('\n')[0]).toBe('# \\# Title \\[link\\](http://x) \\<b\\>');
  });

  it('print every heading and label in French for a French reader, the idea as generated (ADR 0915)', () => {
    const md = ideaToMarkdown(idea, 'fr');
    for (const { heading, items } of ideaSections(idea)) {
      // A heading or label added to the shared sections fails here until it has its French.
      expect(FRENCH_IDEA_WORDS[heading]).toBeDefined();
      expect(md).toContain(`## ${FRENCH_IDEA_WORDS[heading]}\n`);
      expect(md).not.toContain(`## ${heading}\n`);
      for (const { label } of items) {
        expect(FRENCH_IDEA_WORDS[label]).toBeDefined();
        expect(md).toContain(`- **${FRENCH_IDEA_WORDS[label]}\u00a0:** `);
        expect(md).not.toContain(`- **${label}:** `);
      }
    }
    expect(md.split('\n')[0]).toBe(ideaToMarkdown(idea).split('\n')[0]);
  });
});
