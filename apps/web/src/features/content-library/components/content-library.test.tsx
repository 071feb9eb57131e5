// @vitest-environment jsdom
import type { Block } from '@grantleaf/shared/content-library.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ContentLibraryPanel } from '../index.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

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
  const calls: Array<{ method: string; url: string; body?: any }> = [];
  const json = (body: unknown, status = 200) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    calls.push({ method, url, body });
    const u = new URL(url, 'http://x');
    if (u.pathname === '/api/library/blocks' && method === 'GET') {
      const q = (u.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
      const category = u.searchParams.get('category');
      return json(
        blocks.filter(
          (b) =>
            (!category || b.category === category) &&
            q.every((w) => `${b.title} ${b.tags.join(' ')} ${b.text}`.toLowerCase().includes(w)),
        ),
      );
    }
    if (u.pathname === '/api/library/blocks' && method === 'POST') {
      const created = block({ ...body, id: `b${blocks.length + 1}`, uses: [] });
      blocks.unshift(created);
      return json(created, 201);
    }
    const found = blocks.find((b) => u.pathname.endsWith(`/${b.id}`));
    if (found && method === 'DELETE') {
      blocks.splice(blocks.indexOf(found), 1);
      return json(null, 204);
    }
    if (found && method === 'PATCH') return json(Object.assign(found, body));
    return json({ message: 'Not found' }, 404);
  });
  return calls;
}

function renderPanel(onInsert = vi.fn()) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <MemoryRouter>
      <QueryClientProvider client={client}>
        <Toaster />
        <ContentLibraryPanel onInsert={onInsert} />
      </QueryClientProvider>
    </MemoryRouter>,
  );
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
});
