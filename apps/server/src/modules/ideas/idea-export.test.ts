import { ideaSections } from '@grantleaf/shared/ideas.schema';
import { describe, expect, it } from 'vitest';
import { generateOfflineIdea } from './idea-engine.ts';
import { ideaToMarkdown } from './idea-export.ts';

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
});
