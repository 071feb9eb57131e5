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
