// @vitest-environment jsdom
import type { Suggestion } from '@grantleaf/shared/section-actions.schema';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SectionActionButtons, SuggestionPanel } from './suggestion-panel.tsx';

afterEach(cleanup);

const suggestion = (over: Partial<Suggestion> = {}): Suggestion => ({
  id: '5d0f9f4e-4a4b-4b8e-9d55-2c1f3a7e9b10',
  sectionId: 'lay-abstract',
  action: 'shorten',
  status: 'complete',
  baseVersion: 2,
  before: 'River ice jams flood 30 communities in Manitoba every spring.',
  text: 'River ice jams flood 30 communities; warnings improve by 42%.',
  newNumbers: ['42%'],
  error: null,
  createdAt: '2026-11-24T05:00:00.000Z',
  ...over,
});

const handlers = () => ({ onAccept: vi.fn(), onEdit: vi.fn(), onReject: vi.fn() });

describe('SuggestionPanel', () => {
  it('shows the section against the suggestion as a word diff, the new number marked', () => {
    const h = handlers();
    render(<SuggestionPanel suggestion={suggestion()} busy={false} {...h} />);
    const diff = screen.getByTestId('suggestion-diff');
    const removed = [...diff.querySelectorAll('del')].map((d) => d.textContent).join('|');
    const added = [...diff.querySelectorAll('ins')].map((d) => d.textContent).join('|');
    expect(removed).toContain('Manitoba');
    expect(added).toContain('42%');
    // Unchanged words are neither added nor removed.
    expect(removed + added).not.toContain('River');
    expect(diff.textContent).toContain('River ice jams flood 30 communities');
    expect(within(diff).getByText('42%').tagName).toBe('MARK');
    expect(screen.getByTestId('new-numbers').textContent).toMatch(/not in your application: 42%/);
  });

  it('marks a new number even when the diff keeps the % of the number it replaced', () => {
    render(
      <SuggestionPanel
        suggestion={suggestion({ before: 'Lead time falls by 50%.', text: 'Lead time falls by 42%.' })}
        busy={false}
        {...handlers()}
      />,
    );
    const diff = screen.getByTestId('suggestion-diff');
    expect(diff.querySelector('del')?.textContent).toBe('50');
    expect(diff.querySelector('ins mark')?.textContent).toBe('42');
  });

  it('renders model text as text, never as HTML', () => {
    const h = handlers();
    render(
      <SuggestionPanel
        suggestion={suggestion({ text: '<img src=x onerror="alert(1)"> shorter', newNumbers: [] })}
        busy={false}
        {...h}
      />,
    );
    const diff = screen.getByTestId('suggestion-diff');
    expect(diff.querySelector('img')).toBeNull();
    expect(diff.textContent).toContain('<img src=x');
    expect(screen.queryByTestId('new-numbers')).toBeNull();
  });

  it('offers Accept, Edit and Reject, disabled while busy', () => {
    const h = handlers();
    const { rerender } = render(<SuggestionPanel suggestion={suggestion()} busy={false} {...h} />);
    fireEvent.click(screen.getByRole('button', { name: 'Accept' }));
    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(h.onAccept).toHaveBeenCalledOnce();
    expect(h.onEdit).toHaveBeenCalledOnce();
    expect(h.onReject).toHaveBeenCalledOnce();
    rerender(<SuggestionPanel suggestion={suggestion()} busy {...h} />);
    expect(screen.getByRole('button', { name: 'Accept' })).toHaveProperty('disabled', true);
  });

  it('shows progress while running and the refund reason when it failed', () => {
    const h = handlers();
    const { rerender } = render(
      <SuggestionPanel suggestion={suggestion({ status: 'processing', text: null })} busy={false} {...h} />,
    );
    expect(screen.getByRole('status').textContent).toMatch(/writing a suggestion/);
    expect(screen.queryByRole('button', { name: 'Accept' })).toBeNull();
    rerender(
      <SuggestionPanel
        suggestion={suggestion({ status: 'failed', text: null, error: 'Your 0.2 credits were refunded.' })}
        busy={false}
        {...h}
      />,
    );
    expect(screen.getByRole('alert').textContent).toContain('refunded');
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(h.onReject).toHaveBeenCalledOnce();
  });
});

describe('SectionActionButtons', () => {
  it('states the price before the click', () => {
    const onRun = vi.fn();
    render(
      <SectionActionButtons header="Lay abstract" actions={['shorten']} disabled={false} onRun={onRun} />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Shorten to the limit (0.2 credits)' }));
    expect(onRun).toHaveBeenCalledWith('shorten');
  });

  it('shows nothing when the section has no action', () => {
    const { container } = render(
      <SectionActionButtons header="Lay abstract" actions={[]} disabled={false} onRun={vi.fn()} />,
    );
    expect(container.textContent).toBe('');
  });
});
