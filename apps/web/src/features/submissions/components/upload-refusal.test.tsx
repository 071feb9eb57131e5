// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { Toaster } from 'sonner';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AnalyzeApplicationDialog } from './analyze-application-dialog.tsx';

const REFUSAL = 'This file is not a PDF: its content does not match its .pdf name.';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

function renderWithUpload(answer: () => Response) {
  vi.stubGlobal('fetch', async (url: string) =>
    url === '/api/upload'
      ? answer()
      : new Response('[]', { status: 200, headers: { 'content-type': 'application/json' } }),
  );
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <Toaster />
      <AnalyzeApplicationDialog open onOpenChange={() => {}} />
    </QueryClientProvider>,
  );
  fireEvent.click(screen.getByRole('radio', { name: 'Upload File' }));
  fireEvent.change(screen.getByLabelText(/Application file/), {
    target: { files: [new File(['not a pdf'], 'grant.pdf', { type: 'application/pdf' })] },
  });
}

describe('a refused upload says why', { timeout: 30_000 }, () => {
  it('shows the server’s reason for a refused file', async () => {
    renderWithUpload(() => new Response(JSON.stringify({ message: REFUSAL }), { status: 400 }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
  });

  it('keeps the spec text when the upload itself failed', async () => {
    renderWithUpload(() => new Response('oops', { status: 503 }));
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeTruthy();
  });
});
