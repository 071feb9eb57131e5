// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it } from 'vitest';
import { FundingFinderDialog } from './funding-finder-dialog.tsx';

afterEach(cleanup);

function renderDialog(props: { credits: number | null; signedIn?: boolean }) {
  const client = new QueryClient();
  return render(
    <QueryClientProvider client={client}>
      <Toaster />
      <FundingFinderDialog open onOpenChange={() => {}} {...props} />
    </QueryClientProvider>,
  );
}

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('FundingFinderDialog', () => {
  it('labels every field and shows the §5 required messages', () => {
    renderDialog({ credits: 10 });
    expect(screen.getByRole('dialog', { name: 'Funding Finder' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    expect(screen.getByText('Research topic is required')).toBeTruthy();
    expect(screen.getByText('Research details are required')).toBeTruthy();
    expect(screen.getByText('Team profile is required')).toBeTruthy();
    expect(screen.getByLabelText(/Research topic/).getAttribute('aria-invalid')).toBe('true');
  });

  it('shows the §5 too-long messages at 200 / 5000 / 3000 characters', () => {
    renderDialog({ credits: 10 });
    fill(/Research topic/, 'x'.repeat(201));
    fill(/Research details/, 'x'.repeat(5001));
    fill(/Team profile/, 'x'.repeat(3001));
    fireEvent.click(screen.getByRole('button', { name: 'Find Funding' }));
    expect(screen.getByText('Research topic too long')).toBeTruthy();
    expect(screen.getByText('Research details too long')).toBeTruthy();
    expect(screen.getByText('Team profile too long')).toBeTruthy();
    expect(screen.getByText('201 / 200')).toBeTruthy();
  });

  it('toasts Insufficient credits below 1 credit, and Authentication required when signed out', async () => {
    renderDialog({ credits: 5 });
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
    renderDialog({ credits: 10 });
    const input = screen.getByLabelText(/Supporting document/) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'photo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByText('Please upload a PDF, Word document, or text file')).toBeTruthy());
    fireEvent.change(input, { target: { files: [new File(['Our lab studies sepsis.'], 'notes.txt', { type: 'text/plain' })] } });
    await waitFor(() => expect(screen.getByText('Attached: notes.txt')).toBeTruthy());
  });
});
