// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADA, json, renderWithProviders, stubApi } from '../test/kit.tsx';
import { SubmissionViewerRoute as SubmissionViewerPage } from './submission-viewer-route.tsx';

// Issue 28 §1: the dashboard's View of a generated draft shows the editor's latest version,
// names the version shown, links to the editor, and keeps version 1 (the draft as generated).

const SUB = '3f1c6a52-8d1e-4a4b-9f0e-1b2c3d4e5f60';
const APP = '5d1b2f0e-9a4c-4c1e-8f3a-2b6d7e8f9a01';
const EDIT = 'Edited in the editor: forty sensors by month twelve.';

const submission = {
  id: SUB,
  type: 'generation',
  programId: 'ca-cihr-project-grant',
  status: 'completed',
  results: { title: 'River ice sensing (as generated)' },
  contentJson: {},
  fileUrl: null,
  error: null,
  submissionTimestamp: '2026-11-20T10:00:00Z',
  etaTimestamp: null,
  applicationId: null,
};
const application = {
  id: APP,
  title: 'River ice sensing',
  program: 'CIHR Project Grant',
  amount: '',
  status: 'draft',
  deadline: null,
  programId: 'ca-cihr-project-grant',
  submissionId: SUB,
  submittedAt: null,
  version: 3,
  createdAt: '2026-11-20T10:00:00Z',
  updatedAt: '2026-11-21T10:00:00Z',
  history: [],
  documents: [],
};
const detail = {
  ...application,
  sections: [
    {
      id: 'lay-abstract',
      header: 'Lay abstract',
      limit: null,
      guidance: '',
      doc: { type: 'doc', content: [{ type: 'paragraph', content: [{ type: 'text', text: EDIT }] }] },
    },
  ],
  wordsPerPage: 500,
  formatting: null,
  access: 'owner',
};

function stub() {
  return stubApi({
    [`GET /api/submissions/${SUB}`]: () => json(200, submission),
    [`GET /api/users/${ADA.id}/applications`]: () => json(200, { data: [application] }),
    [`GET /api/applications/${APP}`]: () => json(200, detail),
    [`GET /api/submissions/${SUB}/export?*`]: () =>
      new Response('file', { headers: { 'content-disposition': 'attachment; filename="a.docx"' } }),
  });
}

describe('the viewer of a generated draft that was edited', () => {
  it('shows the latest version, says which, links to the editor and downloads the latest', async () => {
    const { calls } = stub();
    renderWithProviders(<SubmissionViewerPage />, {
      user: ADA,
      route: `/submissions/${SUB}/view`,
      path: '/submissions/:id/view',
    });
    expect(await screen.findByText(EDIT)).toBeTruthy();
    expect(screen.getByTestId('version-notice').textContent).toContain(
      'Showing version 3, the latest saved in the editor.',
    );
    expect(screen.getByRole('link', { name: 'Open in the editor' }).getAttribute('href')).toBe(
      `/applications/${APP}`,
    );
    expect(
      screen.getByRole('link', { name: 'View version 1 (the draft as generated)' }).getAttribute('href'),
    ).toBe(`/submissions/${SUB}/view?version=1`);
    fireEvent.click(screen.getByRole('button', { name: 'Download DOCX' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/export'))).toBe(true));
    const download = calls.find((c) => c.path.endsWith('/export'))!;
    expect(download.query.get('format')).toBe('docx');
    expect(download.query.get('version')).toBeNull();
  });

  it('keeps version 1 reachable, names it, and downloads version 1 from there', async () => {
    const { calls } = stub();
    renderWithProviders(<SubmissionViewerPage />, {
      user: ADA,
      route: `/submissions/${SUB}/view?version=1`,
      path: '/submissions/:id/view',
    });
    expect((await screen.findByTestId('version-notice')).textContent).toContain(
      'Showing version 1, the draft as generated. The latest is version 3.',
    );
    expect(screen.queryByText(EDIT)).toBeNull();
    expect(screen.getByRole('link', { name: 'View version 3' }).getAttribute('href')).toBe(
      `/submissions/${SUB}/view`,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Download PDF' }));
    await waitFor(() => expect(calls.some((c) => c.path.endsWith('/export'))).toBe(true));
    const download = calls.find((c) => c.path.endsWith('/export'))!;
    expect(download.query.get('version')).toBe('1');
  });
});
