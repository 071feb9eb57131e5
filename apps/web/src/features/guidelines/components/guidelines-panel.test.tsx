// @vitest-environment jsdom
import type { ChecklistItem } from '@grantleaf/shared/guidelines.schema';
import {
  EXTRACTION_METHOD_NOTE,
  GUIDELINES_MESSAGES,
  MODEL_EXTRACTION_NOTE,
} from '@grantleaf/shared/guidelines.schema';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enGuidelines from '../../../i18n/locales/en.guidelines.json';
import frGuidelines from '../../../i18n/locales/fr.guidelines.json';
import { englishLeftIn } from '../../../test/french.ts';
import { GuidelinesPanel } from '../index.ts';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const APP = '7f9c1a52-4c1e-4b7e-9c53-0a1b2c3d4e5f';
const BASE = `/api/applications/${APP}/checklist`;
const FILE_URL = '/api/files/0b6a3e1c-2d4f-4a5b-8c7d-9e0f1a2b3c4d';

/**
 * A checklist server in memory: what the real routes answer, for the calls the panel makes.
 * `extractor` is who builds the checklist: the rules (no model configured), the model, or the rules
 * after the configured model failed.
 */
function fakeServer(extractor: 'rules' | 'model' | 'fallback' = 'rules') {
  const items: ChecklistItem[] = [];
  const calls: Array<{ method: string; url: string; body?: any }> = [];
  const origin = extractor === 'model' ? 'model' : 'rules';
  const checklist = () => ({
    items,
    coverage: { done: items.filter((i) => i.done).length, total: items.length },
    modelAvailable: extractor !== 'rules',
  });
  const json = (body: unknown, status = 200) =>
    new Response(body === null ? null : JSON.stringify(body), {
      status,
      headers: { 'content-type': 'application/json' },
    });
  vi.stubGlobal('fetch', async (url: string, init: RequestInit = {}) => {
    const method = init.method ?? 'GET';
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : init.body;
    calls.push({ method, url, body });
    if (url === '/api/upload') return json({ fileUrl: FILE_URL });
    if (url === BASE && method === 'GET') return json(checklist());
    if (url === `${BASE}/extract`) {
      items.push(
        {
          id: 'i1',
          text: 'Applicants must hold a faculty appointment.',
          page: 1,
          kind: 'eligibility',
          section: null,
          done: false,
          origin,
          sourceName: 'call.pdf',
        },
        {
          id: 'i2',
          text: 'The description must not exceed 5 pages.',
          page: 2,
          kind: 'limit',
          section: extractor === 'model' ? 'Research proposal' : null,
          done: false,
          origin,
          sourceName: 'call.pdf',
        },
      );
      return json({
        ...checklist(),
        found: 2,
        added: 2,
        method: origin,
        dropped: extractor === 'model' ? 1 : 0,
        fallback: extractor === 'fallback' ? GUIDELINES_MESSAGES.modelFailed : null,
      });
    }
    if (url === `${BASE}/items` && method === 'POST') {
      const item: ChecklistItem = {
        id: `u${items.length}`,
        text: body.text.trim(),
        page: null,
        kind: 'other',
        section: null,
        done: false,
        origin: 'user',
        sourceName: null,
      };
      items.push(item);
      return json(item, 201);
    }
    const m = /\/items\/(\w+)$/.exec(url);
    const item = items.find((i) => i.id === m?.[1]);
    if (item && method === 'PATCH') return json(Object.assign(item, body));
    if (item && method === 'DELETE') {
      items.splice(items.indexOf(item), 1);
      return json(null, 204);
    }
    return json({ message: 'Not found' }, 404);
  });
  return { calls, items };
}

function renderPanel(sections?: string[]) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Toaster />
      <GuidelinesPanel applicationId={APP} sections={sections} />
    </QueryClientProvider>,
  );
}

/** A requirement the rules found in an uploaded call. */
const CAD_ITEM = {
  id: 'i1',
  text: 'Budgets must be in CAD.',
  page: null,
  kind: 'must',
  section: null,
  done: false,
  origin: 'rules',
  sourceName: 'call.docx',
} as const;

describe('GuidelinesPanel', () => {
  it('uploads the call through /api/upload, then lists its requirements with pages and the rules note', async () => {
    const server = fakeServer();
    renderPanel();
    await waitFor(() => expect(screen.getByText(/No requirements yet/)).toBeTruthy());
    expect(screen.getByTestId('checklist-coverage').textContent).toBe('0 of 0 requirements ticked');
    const pdf = new File(['%PDF-1.7'], 'call.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Funder’s call or guidelines'), { target: { files: [pdf] } });
    fireEvent.click(screen.getByRole('button', { name: 'Build checklist' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Found 2 requirement statements in call.pdf; 2 new on the checklist.',
      ),
    );
    expect(server.calls.map((c) => `${c.method} ${c.url}`)).toContain('POST /api/upload');
    expect(server.calls.find((c) => c.url.endsWith('/extract'))?.body).toEqual({ fileUrl: FILE_URL });
    expect(screen.getByText(EXTRACTION_METHOD_NOTE)).toBeTruthy();
    expect(screen.queryByText(MODEL_EXTRACTION_NOTE)).toBeNull();
    expect(screen.getByText(/picked out by rules, without an AI model/)).toBeTruthy();
    expect(screen.getByLabelText('Applicants must hold a faculty appointment.')).toBeTruthy();
    expect(screen.getByText('p. 2')).toBeTruthy();
    expect(screen.getByTestId('checklist-coverage').textContent).toBe('0 of 2 requirements ticked');
  });

  it('says the AI model built the checklist, maps its items, and how many invented items it left out', async () => {
    fakeServer('model');
    renderPanel(['Research proposal']);
    await waitFor(() => expect(screen.getByText(/The AI model picks out the requirements/)).toBeTruthy());
    const pdf = new File(['%PDF-1.7'], 'call.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Funder’s call or guidelines'), { target: { files: [pdf] } });
    fireEvent.click(screen.getByRole('button', { name: 'Build checklist' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'The AI model found 2 requirement statements in call.pdf; 2 new on the checklist. 1 statement the model gave was not found in the document and was left out.',
      ),
    );
    expect(screen.getByTestId('checklist-source-model').textContent).toBe(
      'Built by the AI model from your document; check each item.',
    );
    expect(screen.queryByText(EXTRACTION_METHOD_NOTE)).toBeNull();
    expect(screen.getAllByText('found by the AI model')).toHaveLength(2);
    const mapped = screen.getAllByLabelText('Answered in section') as HTMLInputElement[];
    expect(mapped.map((i) => i.value)).toEqual(['', 'Research proposal']);
  });

  it('speaks French (issue 31, ADR 0971): the upload, the status, the kinds and the model’s notes', async () => {
    await applyLanguage('fr', { remember: false });
    try {
      fakeServer('fallback');
      renderPanel(['Research proposal']);
      await waitFor(() => expect(screen.getByText(/Aucune exigence pour l’instant/)).toBeTruthy());
      expect(screen.getByTestId('checklist-coverage').textContent).toBe('Exigences cochées : 0 sur 0');
      const pdf = new File(['%PDF-1.7'], 'call.pdf', { type: 'application/pdf' });
      fireEvent.change(screen.getByLabelText('Appel ou lignes directrices du bailleur de fonds'), {
        target: { files: [pdf] },
      });
      fireEvent.click(screen.getByRole('button', { name: 'Créer la liste de contrôle' }));
      await waitFor(() =>
        expect(screen.getByRole('status').textContent).toBe(
          'Le modèle d’IA n’a pas donné de réponse utilisable; les règles ont donc créé cette liste de contrôle. ' +
            '2 énoncés d’exigence trouvés dans call.pdf; nouveaux éléments dans la liste : 2.',
        ),
      );
      expect(screen.getByText('Admissibilité')).toBeTruthy();
      expect(screen.getByText('Limite')).toBeTruthy();
      expect(screen.getByTestId('checklist-source-rules').textContent).toMatch(/^Extraite par des règles/);
      expect(screen.getAllByText('tiré de call.pdf')).toHaveLength(2);
      expect(englishLeftIn(enGuidelines, frGuidelines)(document.body)).toEqual([]);
    } finally {
      await applyLanguage('en', { remember: false });
    }
  });

  it('says why the rules built the checklist when the configured model failed', async () => {
    fakeServer('fallback');
    renderPanel();
    await waitFor(() => expect(screen.getByText(/The AI model picks out the requirements/)).toBeTruthy());
    const pdf = new File(['%PDF-1.7'], 'call.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText('Funder’s call or guidelines'), { target: { files: [pdf] } });
    fireEvent.click(screen.getByRole('button', { name: 'Build checklist' }));
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        `${GUIDELINES_MESSAGES.modelFailed} Found 2 requirement statements in call.pdf; 2 new on the checklist.`,
      ),
    );
    expect(screen.getByTestId('checklist-source-rules').textContent).toBe(EXTRACTION_METHOD_NOTE);
    expect(screen.queryByTestId('checklist-source-model')).toBeNull();
  });

  it('refuses a file of another type before sending it', () => {
    const server = fakeServer();
    renderPanel();
    const png = new File(['x'], 'call.png', { type: 'image/png' });
    fireEvent.change(screen.getByLabelText('Funder’s call or guidelines'), { target: { files: [png] } });
    const refusal = screen.getByText('Please upload a PDF, Word document, or text file');
    expect(screen.getByLabelText('Funder’s call or guidelines').getAttribute('aria-describedby')).toContain(
      refusal.id,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Build checklist' }));
    expect(server.calls.some((c) => c.url === '/api/upload')).toBe(false);
  });

  it('ticks, maps to a section, edits, adds and removes items, and coverage follows', async () => {
    const server = fakeServer();
    server.items.push({ ...CAD_ITEM });
    renderPanel(['Budget', 'Methods']);
    const box = await screen.findByLabelText('Budgets must be in CAD.');
    fireEvent.click(box);
    await waitFor(() =>
      expect(screen.getByTestId('checklist-coverage').textContent).toBe('1 of 1 requirements ticked'),
    );
    expect(server.calls.find((c) => c.method === 'PATCH')?.body).toEqual({ done: true });

    const section = screen.getByLabelText('Answered in section');
    expect(section.getAttribute('list')).toBeTruthy();
    const options = document.getElementById(section.getAttribute('list')!)!.querySelectorAll('option');
    expect([...options].map((o) => o.getAttribute('value'))).toEqual(['Budget', 'Methods']);
    fireEvent.change(section, { target: { value: 'Budget' } });
    fireEvent.blur(section);
    await waitFor(() => expect(server.items[0]!.section).toBe('Budget'));

    fireEvent.click(screen.getByRole('button', { name: 'Edit: Budgets must be in CAD.' }));
    const text = screen.getByLabelText('Requirement text');
    fireEvent.change(text, { target: { value: 'Budgets must be in Canadian dollars.' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByLabelText('Budgets must be in Canadian dollars.');

    fireEvent.change(screen.getByLabelText('Add a requirement'), {
      target: { value: 'Two letters of support' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    await screen.findByLabelText('Two letters of support');
    expect(screen.getByTestId('checklist-coverage').textContent).toBe('1 of 2 requirements ticked');
    expect(within(screen.getByRole('list', { name: 'Requirements' })).getByText('added by you')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Remove: Two letters of support' }));
    await waitFor(() => expect(screen.queryByLabelText('Two letters of support')).toBeNull());
    expect(screen.getByTestId('checklist-coverage').textContent).toBe('1 of 1 requirements ticked');
  });

  it('says so when a requirement is empty', () => {
    const server = fakeServer();
    renderPanel();
    fireEvent.change(screen.getByLabelText('Add a requirement'), { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add' }));
    const message = screen.getByText('Requirement text is required');
    const field = screen.getByLabelText('Add a requirement');
    expect(field.getAttribute('aria-describedby')).toBe(message.id);
    expect(field.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((c) => c.method === 'POST')).toBe(false);
  });

  it('keeps an edited requirement that was emptied, with the message under its text, and sends nothing', async () => {
    const server = fakeServer();
    server.items.push({ ...CAD_ITEM });
    renderPanel();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit: Budgets must be in CAD.' }));
    const text = screen.getByLabelText('Requirement text');
    fireEvent.change(text, { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const message = screen.getByText('Requirement text is required');
    expect(text.getAttribute('aria-describedby')).toBe(message.id);
    expect(text.getAttribute('aria-invalid')).toBe('true');
    expect(server.calls.some((c) => c.method === 'PATCH')).toBe(false);
  });
});
