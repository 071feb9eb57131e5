// @vitest-environment jsdom
import type { Application } from '@grantleaf/shared/applications.schema';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { ApplicationsPage } from './applications-page.tsx';

const APPLICATION: Application = {
  id: 'a1',
  title: 'Northern grid storage pilot',
  program: 'NSERC Alliance',
  amount: '',
  status: 'draft',
  deadline: null,
  programId: null,
  submissionId: null,
  submittedAt: null,
  version: 0,
  createdAt: '2026-11-01T00:00:00.000Z',
  updatedAt: '2026-11-01T00:00:00.000Z',
  history: [],
  documents: [],
};

const DISCOVERY = {
  id: 'ca-nserc-discovery-grants',
  name: 'NSERC Discovery Grants',
  agency: 'NSERC',
  country: 'CA',
  deadline: '2027-11-01',
};

function renderPage() {
  const { calls } = stubApi({
    [`GET /api/users/${ADA.id}/applications`]: () => json(200, { data: [APPLICATION] }),
    'GET /api/grant-programs*': () => json(200, [DISCOVERY]),
    'POST /api/applications': () => json(201, APPLICATION),
  });
  renderWithProviders(<ApplicationsPage />, { user: ADA });
  return () => calls.filter((c) => c.method !== 'GET');
}

describe('ApplicationsPage forms', () => {
  it('New Application: a title over the limit shows the schema message under Title and sends nothing', async () => {
    const sent = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New Application' }));
    const dialog = screen.getByRole('dialog', { name: 'New Application' });
    fillIn('Title', 'x'.repeat(201));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Application' }));
    const title = within(dialog).getByLabelText('Title');
    const message = document.getElementById(title.getAttribute('aria-describedby')!);
    expect(message?.textContent).toBe('Title must be 200 characters or less');
    expect(title.getAttribute('aria-invalid')).toBe('true');
    expect(document.activeElement).toBe(title);
    expect(within(dialog).getByText('Program is required')).toBeTruthy();
    expect(sent()).toEqual([]);
  });

  it('Upload Documents: no application and a refused file show their messages under each field and send nothing', async () => {
    const sent = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'Upload Documents' }));
    const dialog = screen.getByRole('dialog', { name: 'Upload Documents' });
    const file = within(dialog).getByLabelText('File');
    fireEvent.change(file, { target: { files: [new File(['MZ'], 'budget.exe')] } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload' }));
    const application = within(dialog).getByLabelText('Application');
    expect(document.getElementById(application.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please choose an application',
    );
    expect(document.getElementById(file.getAttribute('aria-describedby')!)?.textContent).toBe(
      'Please upload a PDF, Word document, or text file',
    );
    expect(document.activeElement).toBe(application);
    expect(sent()).toEqual([]);
  });

  it('New Application: a catalogue program fills the name and deadline once, and is sent with its id', async () => {
    const sent = renderPage();
    fireEvent.click(await screen.findByRole('button', { name: 'New Application' }));
    const dialog = screen.getByRole('dialog', { name: 'New Application' });
    const picker = within(dialog).getByLabelText('Program from the catalogue (optional)');
    await within(picker).findByText('NSERC — NSERC Discovery Grants');
    fireEvent.change(picker, { target: { value: DISCOVERY.id } });
    const program = within(dialog).getByLabelText('Program') as HTMLInputElement;
    expect(program.value).toBe('NSERC Discovery Grants');
    expect((within(dialog).getByLabelText('Deadline') as HTMLInputElement).value).toBe('2027-11-01');
    // Filled once per choice: the researcher's own wording stays.
    fillIn('Program', 'NSERC Discovery (renewal)');
    fillIn('Title', 'Ocean sensors');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Add Application' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]?.body).toEqual({
      title: 'Ocean sensors',
      program: 'NSERC Discovery (renewal)',
      amount: '',
      deadline: '2027-11-01',
      programId: DISCOVERY.id,
    });
  });
});

describe('ApplicationsPage tracker (issue 28 §4)', () => {
  function renderTracker() {
    const { calls } = stubApi({
      [`GET /api/users/${ADA.id}/applications`]: () =>
        json(200, {
          data: [
            {
              ...APPLICATION,
              amount: '$250,000',
              history: [{ status: 'draft', at: '2026-11-01T00:00:00.000Z' }],
            },
          ],
        }),
      'GET /api/grant-programs*': () => json(200, [DISCOVERY]),
      'PATCH /api/applications/a1': (call) => json(200, { ...APPLICATION, ...call.body }),
    });
    renderWithProviders(<ApplicationsPage />, { user: ADA });
    return () => calls.filter((c) => c.method !== 'GET');
  }

  it('moves a draft straight to Approved (an award already won), and offers every other status', async () => {
    const sent = renderTracker();
    const move = (await screen.findByLabelText('Move Northern grid storage pilot to')) as HTMLSelectElement;
    expect([...move.options].map((o) => o.textContent)).toEqual([
      'Move to...',
      'Submitted',
      'Under review',
      'Approved',
      'Rejected',
    ]);
    fireEvent.change(move, { target: { value: 'approved' } });
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({ url: '/api/applications/a1', body: { status: 'approved' } });
    expect(screen.getByTestId('history-a1').textContent).toContain('Draft');
  });

  it('edits a tracked row’s amount and deadline', async () => {
    const sent = renderTracker();
    fireEvent.click(await screen.findByRole('button', { name: 'Edit Northern grid storage pilot' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit application' });
    fireEvent.change(within(dialog).getByLabelText('Amount'), { target: { value: '$310,000' } });
    fireEvent.change(within(dialog).getByLabelText('Deadline'), { target: { value: '2027-03-31' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent()).toHaveLength(1));
    expect(sent()[0]).toMatchObject({
      url: '/api/applications/a1',
      body: { title: 'Northern grid storage pilot', amount: '$310,000', deadline: '2027-03-31' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Edit application' })).toBeNull());
  });
});
