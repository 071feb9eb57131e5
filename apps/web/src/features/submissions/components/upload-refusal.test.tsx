// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, renderWithProviders, stubApi, type Answer } from '../../../test/kit.tsx';
import { AnalyzeApplicationDialog } from './analyze-application-dialog.tsx';

const REFUSAL = 'This file is not a PDF: its content does not match its .pdf name.';

function renderWithUpload(answer: Answer) {
  stubApi({ 'GET /api/grant-programs?*': () => json(200, []), 'POST /api/upload': answer });
  renderWithProviders(<AnalyzeApplicationDialog open onOpenChange={() => {}} />);
  fireEvent.click(screen.getByRole('radio', { name: 'Upload File' }));
  fireEvent.change(screen.getByLabelText(/Application file/), {
    target: { files: [new File(['not a pdf'], 'grant.pdf', { type: 'application/pdf' })] },
  });
}

describe('a refused upload says why', { timeout: 30_000 }, () => {
  it('shows the server’s reason for a refused file', async () => {
    renderWithUpload(() => json(400, { message: REFUSAL }));
    expect(await screen.findByText(REFUSAL)).toBeTruthy();
  });

  it('keeps the spec text when the upload itself failed', async () => {
    renderWithUpload(() => new Response('oops', { status: 503 }));
    expect(await screen.findByText('Failed to upload file. Please try again.')).toBeTruthy();
  });
});
