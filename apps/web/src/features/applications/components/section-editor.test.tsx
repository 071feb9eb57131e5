// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionEditor } from './section-editor.tsx';

describe('SectionEditor’s Table button (issue 28 item 13)', () => {
  it('inserts a table with grid lines and cells tall enough to see while empty', async () => {
    render(
      <SectionEditor
        id="s1"
        label="Milestones"
        initial={{ type: 'doc', content: [{ type: 'paragraph' }] }}
        onChange={() => {}}
      />,
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Insert table' }));
    const box = screen.getByRole('textbox', { name: 'Milestones' });
    await waitFor(() => expect(box.querySelector('table')).not.toBeNull());
    expect(box.querySelector('table')!.className).toMatch(/\bborder\b/);
    const cells = [...box.querySelectorAll('td, th')];
    expect(cells).toHaveLength(9);
    for (const cell of cells) expect(cell.className).toMatch(/\bborder\b.*\bh-8\b|\bh-8\b.*\bborder\b/);
  });
});

describe('SectionEditor’s draft questions (issue 28 item 13)', () => {
  it('marks each “[To complete: …]” as a question to answer, not as the applicant’s text', async () => {
    const question = '[To complete: What preliminary data show the approach can work?]';
    render(
      <SectionEditor
        id="s2"
        label="Approach"
        initial={{
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: `We will test 40 sensors. ${question}` }] },
          ],
        }}
        onChange={() => {}}
      />,
    );
    const box = await screen.findByRole('textbox', { name: 'Approach' });
    await waitFor(() => expect(box.querySelectorAll('[data-question]')).toHaveLength(1));
    const marked = box.querySelector('[data-question]')!;
    expect(marked.textContent).toBe(question);
    expect(marked.getAttribute('title')).toBe('A question from the draft: replace it with your answer');
    // The applicant's own sentence is not marked.
    expect(box.textContent).toContain('We will test 40 sensors.');
  });
});
