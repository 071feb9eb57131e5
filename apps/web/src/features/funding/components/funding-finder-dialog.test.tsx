// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { FundingFinderDialog } from './funding-finder-dialog.tsx';

function renderDialog(props: { credits: number | null; signedIn?: boolean }) {
  return renderWithProviders(<FundingFinderDialog open onOpenChange={() => {}} {...props} />);
}

describe('FundingFinderDialog', () => {
  it('labels every field and shows the §5 required messages', () => {
    renderDialog({ credits: 1 });
    expect(screen.getByRole('dialog', { name: 'Funding Finder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    expect(screen.getByText('Research topic is required')).toBeTruthy();
    expect(screen.getByText('Research details are required')).toBeTruthy();
    expect(screen.getByText('Team profile is required')).toBeTruthy();
    expect(screen.getByLabelText(/Research topic/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the §5 too-long messages at 200 / 5000 / 3000 characters', () => {
    renderDialog({ credits: 1 });
    fillIn(/Research topic/, 'x'.repeat(201));
    fillIn(/Research details/, 'x'.repeat(5001));
    fillIn(/Team profile/, 'x'.repeat(3001));
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    expect(screen.getByText('Research topic too long')).toBeTruthy();
    expect(screen.getByText('Research details too long')).toBeTruthy();
    expect(screen.getByText('Team profile too long')).toBeTruthy();
    expect(screen.getByText('201 / 200')).toBeTruthy();
  });

  it('toasts Insufficient credits below 1 credit, and Authentication required when signed out', async () => {
    renderDialog({ credits: 0.5 });
    expect(screen.getByRole('alert').textContent).toContain('You need at least 1 credit');
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    await waitFor(() => expect(screen.getByText('Insufficient credits')).toBeTruthy());
    expect(screen.getByText('You need at least 1 credit to find funding opportunities.')).toBeTruthy();
    cleanup();
    renderDialog({ credits: null, signedIn: false });
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    await waitFor(() => expect(screen.getByText('Authentication required')).toBeTruthy());
    expect(screen.getByText('Please log in to submit funding requests.')).toBeTruthy();
  });

  it('accepts only PDF, Word and text files', async () => {
    renderDialog({ credits: 1 });
    const input = screen.getByLabelText(/Supporting document/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    await waitFor(() =>
      expect(screen.getByText('Please upload a PDF, Word document, or text file')).toBeTruthy(),
    );
    fireEvent.change(input, {
      target: { files: [new File(['Our lab studies sepsis.'], 'notes.txt', { type: 'text/plain' })] },
    });
    await waitFor(() => expect(screen.getByText('Attached: notes.txt')).toBeTruthy());
  });

  it('uploads a chosen file first and sends its fileUrl, never the file itself (issue 15 §2)', async () => {
    const FILE_URL = '/api/files/1b4e28ba-2fa1-11d2-883f-0016d3cca427';
    const { calls } = stubApi({
      'POST /api/upload': () => json(200, { fileUrl: FILE_URL }),
      'POST /api/funding-finder-requests': () => json(201, { id: 'r1', status: 'processing' }),
    });
    renderDialog({ credits: 1 });
    fillIn(/Research topic/, 'Sepsis chips');
    fillIn(/Research details/, 'A chip that detects sepsis.');
    fillIn(/Team profile/, 'A lab at McGill.');
    const pdf = new File(['%PDF-1.7 bytes'], 'pilot.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByLabelText(/Supporting document/), { target: { files: [pdf] } });
    await waitFor(() => expect(screen.getByText('Attached: pilot.pdf')).toBeTruthy());
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/funding-finder-requests')).toBe(true));
    const upload = calls.findIndex((c) => c.url === '/api/upload');
    expect(upload).toBeGreaterThanOrEqual(0);
    expect(upload).toBeLessThan(calls.findIndex((c) => c.url === '/api/funding-finder-requests'));
    expect((calls[upload]!.body as FormData).get('file')).toBeInstanceOf(File);
    const sent = calls.find((c) => c.url === '/api/funding-finder-requests')!.body;
    expect(sent.fileUrl).toBe(FILE_URL);
    expect(sent.fileContent).toBeUndefined();
  });

  it('asks the applicant profile once, then searches as it, changed for one search only (issue 25 §1)', async () => {
    const SUGGESTED = { organisation: 'McGill University', country: 'CA', domain: 'mcgill.ca' };
    const FACULTY = {
      kind: 'researcher',
      organisation: 'McGill University',
      country: 'CA',
      region: 'CA-QC',
      fields: ['health'],
      careerStage: null,
      careerStartYear: null,
      degreeYear: null,
      clinicalDoctorate: null,
      citizenship: null,
      employees: null,
      ownedInCountry: null,
      r15EligibleInstitution: null,
      indigenous: null,
    };
    let stored: typeof FACULTY | null = null;
    const { calls } = stubApi({
      'GET /api/applicant-profile': () =>
        json(200, { profile: stored, suggested: SUGGESTED, updatedAt: null }),
      'PUT /api/applicant-profile': (call) => {
        stored = { ...FACULTY, ...call.body };
        return json(200, { profile: stored, suggested: SUGGESTED, updatedAt: '2026-11-27T14:00:00.000Z' });
      },
      'POST /api/funding-finder-requests': () => json(201, { id: 'r1', status: 'processing' }),
    });
    renderDialog({ credits: 10 });
    await waitFor(() => expect(screen.getByText('First, who is applying?')).toBeTruthy());
    // Prefilled from the account's address.
    expect((screen.getByLabelText(/^Organization/) as HTMLInputElement).value).toBe('McGill University');
    fireEvent.change(screen.getByLabelText('Who applies'), { target: { value: 'researcher' } });
    fireEvent.change(screen.getByLabelText('Province, territory or state'), { target: { value: 'CA-QC' } });
    fireEvent.change(screen.getByLabelText('Main field of research'), { target: { value: 'health' } });
    fireEvent.change(screen.getByLabelText('Year of first academic appointment'), {
      target: { value: '1850' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    expect(screen.getByText('Enter a year between 1950 and next year')).toBeTruthy();
    expect(calls.some((c) => c.method === 'PUT')).toBe(false);
    fireEvent.change(screen.getByLabelText('Year of first academic appointment'), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save and continue' }));
    await waitFor(() => expect(screen.getByTestId('search-as').textContent).toContain('Quebec'));
    expect(screen.queryByText('First, who is applying?')).toBeNull();
    expect(calls.find((c) => c.method === 'PUT')!.body).toMatchObject({
      kind: 'researcher',
      country: 'CA',
      region: 'CA-QC',
      fields: ['health'],
    });

    fireEvent.click(screen.getByRole('button', { name: 'Change for this search' }));
    fireEvent.change(screen.getByLabelText('Who applies (this search)'), { target: { value: 'company' } });
    fillIn(/Research topic/, 'Sepsis chips');
    fillIn(/Research details/, 'A chip that detects sepsis.');
    fillIn(/Team profile/, 'Four engineers.');
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    await waitFor(() => expect(calls.some((c) => c.url === '/api/funding-finder-requests')).toBe(true));
    expect(calls.find((c) => c.url === '/api/funding-finder-requests')!.body.applicant).toEqual({
      kind: 'company',
    });
  });
});
