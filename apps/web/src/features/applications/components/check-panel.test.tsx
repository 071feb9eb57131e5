// @vitest-environment jsdom
import type { CheckResult } from '@grantleaf/shared/application-document.schema';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckPanel, LimitCounter, ReadinessSummary } from './check-panel.tsx';
import { RichText } from './rich-text.tsx';

afterEach(cleanup);

const result = (over: Partial<CheckResult> = {}): CheckResult => ({
  sections: [
    {
      id: 'lay',
      header: 'Lay abstract',
      words: 300,
      characters: 2100,
      count: {
        unit: 'characters',
        used: 2100,
        max: 2000,
        kind: 'maximum',
        status: 'over',
        note: '2,100 of 2,000 characters.',
      },
      empty: false,
      placeholders: [],
    },
  ],
  criteria: [
    {
      criterion: 'Quality of the idea',
      weight: 25,
      elements: [
        {
          id: 'objectives',
          label: 'Measurable objectives',
          status: 'found',
          quote: 'We will deploy 40 sensors by month 12.',
          sectionId: 'proposal',
          expects: 'Objectives with a number.',
          suggestion: 'Name the target.',
        },
        {
          id: 'risks',
          label: 'Risks and mitigation',
          status: 'missing',
          quote: null,
          sectionId: null,
          expects: 'The main risks and what you will do.',
          suggestion: 'Add one sentence per risk.',
        },
      ],
    },
  ],
  budget: {
    ok: false,
    message: 'Itemised amounts add up to $400,000 but the stated total is $500,000.',
    sectionId: 'budget',
  },
  totals: [],
  totalsAgree: true,
  left: [
    { message: 'Lay abstract is over its limit: 2,100 of 2,000 characters.', sectionId: 'lay' },
    { message: 'Missing: Risks and mitigation (Quality of the idea).', sectionId: null },
    { message: 'Itemised amounts add up to $400,000 but the stated total is $500,000.', sectionId: 'budget' },
  ],
  basis: 'Checked against CIHR published requirements; no AI model was used.',
  ...over,
});

describe('live check panel', () => {
  it('lists what is left and moves to the section of a finding when clicked', () => {
    const onFocus = vi.fn();
    render(<ReadinessSummary result={result()} checking={false} error={null} onFocus={onFocus} />);
    expect(screen.getByTestId('left-count').textContent).toBe('3 items left before this can be submitted:');
    expect(screen.queryByTestId('submission-ready')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: /Lay abstract is over its limit/ }));
    expect(onFocus).toHaveBeenCalledWith('lay');
    // A finding with no section is text, not a control that goes nowhere.
    expect(screen.queryByRole('button', { name: /Missing: Risks/ })).toBeNull();
  });

  it('says "Submission ready" only when nothing is left', () => {
    const done = result({
      left: [],
      budget: { ok: true, message: 'Itemised amounts add up to the stated total.', sectionId: 'budget' },
      criteria: [{ ...result().criteria[0]!, elements: [result().criteria[0]!.elements[0]!] }],
    });
    render(<ReadinessSummary result={done} checking={false} error={null} onFocus={() => {}} />);
    expect(screen.getByTestId('submission-ready').textContent).toMatch(/^Submission ready/);
    cleanup();
    render(<ReadinessSummary result={null} checking error={null} onFocus={() => {}} />);
    expect(screen.queryByTestId('submission-ready')).toBeNull();
    expect(screen.getByText('Checking…')).toBeTruthy();
  });

  it('never says "Submission ready" beside a missing element or a budget that does not add up (one verdict)', () => {
    const onFocus = vi.fn();
    render(
      <ReadinessSummary result={result({ left: [] })} checking={false} error={null} onFocus={onFocus} />,
    );
    expect(screen.queryByTestId('submission-ready')).toBeNull();
    expect(screen.getByTestId('left-count').textContent).toBe('2 items left before this can be submitted:');
    fireEvent.click(screen.getByRole('button', { name: /stated total is \$500,000/ }));
    expect(onFocus).toHaveBeenCalledWith('budget');
    expect(screen.getByText('1 required element not found')).toBeTruthy();
  });

  it('never says "Submission ready" beside a required element not found, with nothing else left (one verdict)', () => {
    // The server's list is empty and the budget adds up: the missing element alone must hold the verdict.
    const onlyElement = result({
      left: [],
      budget: { ok: true, message: 'Itemised amounts add up to the stated total.', sectionId: 'budget' },
    });
    render(<ReadinessSummary result={onlyElement} checking={false} error={null} onFocus={() => {}} />);
    expect(screen.queryByTestId('submission-ready')).toBeNull();
    expect(screen.getByTestId('left-count').textContent).toBe('1 item left before this can be submitted:');
    expect(screen.getByText('1 required element not found')).toBeTruthy();
  });

  it('prints a criterion weight given as a fraction as a percentage', () => {
    render(
      <CheckPanel
        result={result({ criteria: [{ ...result().criteria[0]!, weight: 0.25 }] })}
        sectionHeader={(id) => id}
        onFocus={() => {}}
      />,
    );
    expect(screen.getByRole('heading', { name: /Quality of the idea/ }).textContent).toBe(
      'Quality of the idea (25%)',
    );
  });

  it('shows found, weak and missing elements with the supplying sentence, which focuses its section', () => {
    const onFocus = vi.fn();
    render(<CheckPanel result={result()} sectionHeader={(id) => `Header of ${id}`} onFocus={onFocus} />);
    expect(screen.getByTestId('element-objectives').dataset.status).toBe('found');
    expect(screen.getByTestId('element-risks').dataset.status).toBe('missing');
    expect(screen.getByTestId('element-risks').textContent).toContain('Add one sentence per risk.');
    fireEvent.click(screen.getByRole('button', { name: /We will deploy 40 sensors/ }));
    expect(onFocus).toHaveBeenCalledWith('proposal', 'We will deploy 40 sensors by month 12.');
    expect(screen.getByText(/stated total is \$500,000/).className).toContain('text-red-700');
  });

  it('counts against the limit and marks a section over its maximum', () => {
    render(<LimitCounter check={result().sections[0]} />);
    const counter = screen.getByTestId('counter-lay');
    expect(counter.textContent).toBe('2,100 of 2,000 characters.');
    expect(counter.className).toContain('text-red-700');
  });
});

describe('rich text viewer', () => {
  it('renders the stored JSON as elements, never as HTML, and drops unsafe links', () => {
    const { container } = render(
      <RichText
        doc={{
          type: 'doc',
          content: [
            { type: 'paragraph', content: [{ type: 'text', text: '<img src=x onerror=alert(1)>' }] },
            {
              type: 'paragraph',
              content: [
                {
                  type: 'text',
                  text: 'bad',
                  marks: [{ type: 'link', attrs: { href: 'javascript:alert(1)' } }],
                },
                {
                  type: 'text',
                  text: 'good',
                  marks: [{ type: 'bold' }, { type: 'link', attrs: { href: 'https://x.org' } }],
                },
              ],
            },
            {
              type: 'table',
              content: [
                {
                  type: 'tableRow',
                  content: [
                    {
                      type: 'tableHeader',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Item' }] }],
                    },
                  ],
                },
                {
                  type: 'tableRow',
                  content: [
                    {
                      type: 'tableCell',
                      content: [{ type: 'paragraph', content: [{ type: 'text', text: 'Sensors' }] }],
                    },
                  ],
                },
              ],
            },
          ],
        }}
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror=alert(1)>');
    const links = [...container.querySelectorAll('a')];
    expect(links.map((a) => a.getAttribute('href'))).toEqual(['https://x.org']);
    expect(container.querySelector('strong a, a strong')).not.toBeNull();
    expect(container.querySelector('th')?.textContent).toBe('Item');
    expect(container.querySelector('td')?.textContent).toBe('Sensors');
  });
});
