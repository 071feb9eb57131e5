// @vitest-environment jsdom
import type { Block } from '@grantleaf/shared/content-library.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enLibrary from '../../../i18n/locales/en.library.json';
import frLibrary from '../../../i18n/locales/fr.library.json';
import { englishLeftIn } from '../../../test/french.ts';
import { json, renderWithProviders, stubApi, type Answer } from '../../../test/kit.tsx';
import { ContentLibraryPanel } from '../index.ts';

const block = (over: Partial<Block>): Block => ({
  id: 'b1',
  title: 'Cold-room laboratory',
  text: 'A 60 m² cold room held at -20 °C.',
  category: 'facilities',
  tags: ['lab'],
  updatedAt: '2026-11-20T10:00:00.000Z',
  uses: [],
  ...over,
});

/** The library routes in memory: a search filters by every word, as the server does. */
function fakeServer(blocks: Block[]) {
  const list: Answer = ({ query }) => {
    const q = (query.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const category = query.get('category');
    return json(
      200,
      blocks.filter(
        (b) =>
          (!category || b.category === category) &&
          q.every((w) => `${b.title} ${b.tags.join(' ')} ${b.text}`.toLowerCase().includes(w)),
      ),
    );
  };
  /** Answers for the block the path names, or 404. */
  const onBlock =
    (answer: (found: Block, body: any) => Response): Answer =>
    ({ path, body }) => {
      const found = blocks.find((b) => path.endsWith(`/${b.id}`));
      return found ? answer(found, body) : json(404, { message: 'Not found' });
    };
  const { calls } = stubApi({
    'GET /api/library/blocks': list,
    'GET /api/library/blocks?*': list,
    'POST /api/library/blocks': ({ body }) => {
      const created = block({ ...body, id: `b${blocks.length + 1}`, uses: [] });
      blocks.unshift(created);
      return json(201, created);
    },
    'DELETE /api/library/blocks/*': onBlock((found) => {
      blocks.splice(blocks.indexOf(found), 1);
      return json(204, null);
    }),
    'PATCH /api/library/blocks/*': onBlock((found, body) => json(200, Object.assign(found, body))),
  });
  return calls;
}

function renderPanel(onInsert = vi.fn()) {
  renderWithProviders(<ContentLibraryPanel onInsert={onInsert} />);
  return onInsert;
}

describe('ContentLibraryPanel', () => {
  it('searches the library and hands a block to the editor', async () => {
    const calls = fakeServer([
      block({}),
      block({
        id: 'b2',
        title: 'Dr. Roy, PI',
        text: 'Hydrologist at Laval.',
        category: 'team_bio',
        tags: ['bio'],
      }),
    ]);
    const onInsert = renderPanel();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 blocks'));
    fireEvent.change(screen.getByLabelText('Search the library'), { target: { value: 'laval' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 block'));
    expect(calls.at(-1)?.url).toBe('/api/library/blocks?q=laval');
    fireEvent.click(screen.getByRole('button', { name: 'Insert “Dr. Roy, PI”' }));
    expect(onInsert).toHaveBeenCalledWith({ id: 'b2', title: 'Dr. Roy, PI', text: 'Hydrologist at Laval.' });

    fireEvent.change(screen.getByLabelText('Search the library'), { target: { value: 'nothing-like-this' } });
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('No block matches this search.'));
    fireEvent.change(screen.getByLabelText('Search the library'), { target: { value: '' } });
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'facilities' } });
    await waitFor(() => expect(calls.at(-1)?.url).toBe('/api/library/blocks?category=facilities'));
  });

  it('speaks French (issue 31, ADR 0971): its words, plurals, categories and the dialog', async () => {
    await applyLanguage('fr', { remember: false });
    try {
      fakeServer([
        block({
          uses: [{ applicationId: 'a-1', section: 'Installations', usedAt: '2026-11-21T09:30:00.000Z' }],
        }),
        block({ id: 'b2', title: 'Dr. Roy, PI', category: 'team_bio', tags: [] }),
      ]);
      renderPanel();
      await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 blocs'));
      expect(screen.getByText('Utilisé dans 1 section :')).toBeTruthy();
      expect(screen.getAllByText('Installations').length).toBeGreaterThan(0);
      // The badge and the category filter's option.
      expect(screen.getAllByText('Biographie de l’équipe')).toHaveLength(2);
      expect(screen.getByRole('button', { name: 'Insérer « Dr. Roy, PI »' })).toBeTruthy();
      const left = englishLeftIn(enLibrary, frLibrary);
      expect(left(document.body)).toEqual([]);
      fireEvent.click(screen.getByRole('button', { name: 'Nouveau bloc' }));
      const dialog = screen.getByRole('dialog', { name: 'Nouveau bloc' });
      fireEvent.click(within(dialog).getByRole('button', { name: 'Ajouter le bloc' }));
      expect(within(dialog).getByText('Le texte est obligatoire')).toBeTruthy();
      expect(left(dialog)).toEqual([]);
    } finally {
      await applyLanguage('en', { remember: false });
    }
  });

  it('shows where a block is used, linking to the application', async () => {
    fakeServer([
      block({
        uses: [{ applicationId: 'a-1', section: 'Facilities', usedAt: '2026-11-21T09:30:00.000Z' }],
      }),
    ]);
    renderPanel();
    const link = await screen.findByRole('link', { name: 'Facilities' });
    expect(link.getAttribute('href')).toBe('/applications/a-1');
    expect(screen.getByText('Used in 1 section:')).toBeTruthy();
  });

  it('adds a block through the dialog, with its errors, and deletes one after confirming', async () => {
    const calls = fakeServer([block({})]);
    renderPanel();
    await screen.findByText('1 block');
    fireEvent.click(screen.getByRole('button', { name: 'New block' }));
    const dialog = screen.getByRole('dialog', { name: 'New block' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add block' }));
    expect(within(dialog).getByText('Title is required')).toBeTruthy();
    expect(within(dialog).getByText('Text is required')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Title'), { target: { value: 'EDI statement' } });
    fireEvent.change(within(dialog).getByLabelText('Category'), { target: { value: 'edi' } });
    fireEvent.change(within(dialog).getByLabelText(/Tags/), { target: { value: 'EDI, hiring' } });
    fireEvent.change(within(dialog).getByLabelText('Text'), { target: { value: 'We recruit openly.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add block' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      title: 'EDI statement',
      text: 'We recruit openly.',
      category: 'edi',
      tags: ['edi', 'hiring'],
    });
    await screen.findByText('2 blocks');

    fireEvent.click(screen.getByRole('button', { name: 'Delete “Cold-room laboratory”' }));
    const confirm = screen.getByRole('dialog', { name: 'Delete this block?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete block' }));
    await screen.findByText('1 block');
    expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/library/blocks/b1')).toBe(true);
  });

  it('edits a block: too many tags shows the schema message under Tags and sends nothing', async () => {
    const calls = fakeServer([block({})]);
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit “Cold-room laboratory”' }));
    const dialog = screen.getByRole('dialog');
    const tags = within(dialog).getByLabelText(/Tags/);
    fireEvent.change(tags, { target: { value: 'a, b, c, d, e, f, g, h, i, j, k' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save block' }));
    const message = within(dialog).getByRole('alert');
    expect(message.textContent).toBe('At most 10 tags');
    expect(tags.getAttribute('aria-describedby')).toBe(message.id);
    expect(tags.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(tags);
    expect(calls.filter((c) => c.method !== 'GET')).toEqual([]);
  });
});
