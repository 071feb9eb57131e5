// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { applyLanguage } from '../../../i18n/index.ts';
import enAdmin from '../../../i18n/locales/en.admin.json';
import frAdmin from '../../../i18n/locales/fr.admin.json';
import { setSessionId } from '../../../lib/session.ts';
import { englishLeftIn } from '../../../test/french.ts';
import { json, OPS, renderWithProviders, stubApi, type ApiCall } from '../../../test/kit.tsx';
import { AdminAuditPage } from './admin-audit-page.tsx';

const SUBJECT = '11111111-2222-4333-8444-555555555555';
const entry = (id: number) => ({
  id,
  at: '2026-11-22T12:00:00.000Z',
  actorId: 'a1',
  actorEmail: 'admin@grantleaf.ca',
  subjectUserId: SUBJECT,
  subjectEmail: id === 1 ? '<img src=x onerror=alert(1)>@x.ca' : 'researcher@utoronto.ca',
  objectType: 'upload',
  objectId: `file-${id}`,
  action: 'admin_file_read',
  requestId: `req-${id}`,
});

let calls: ApiCall[] = [];
function renderPage(isAdmin: boolean, language: 'en' | 'fr' = 'en') {
  ({ calls } = stubApi({
    'GET /api/auth/user': () => json(200, { ...OPS, isAdmin, language }),
    'GET /api/admin/audit-log*': ({ query }) =>
      json(
        200,
        query.get('before')
          ? { entries: [entry(1)], nextBefore: null }
          : { entries: [entry(3), entry(2)], nextBefore: 2 },
      ),
  }));
  return renderWithProviders(<AdminAuditPage />);
}

beforeEach(() => setSessionId('token'));
afterEach(() => applyLanguage('en', { remember: false }));

describe('AdminAuditPage', () => {
  it('lists staff reads newest first, pages older ones, and renders hostile text as text', async () => {
    renderPage(true);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(screen.getAllByTestId('audit-row')[0]!.textContent).toContain('file-3');
    // The action reads as words, not as the stored code.
    expect(screen.getAllByTestId('audit-row')[0]!.textContent).toContain("Opened a user's file");
    expect(screen.getAllByTestId('audit-row')[0]!.textContent).not.toContain('admin_file_read');
    fireEvent.click(screen.getByRole('button', { name: 'Load older entries' }));
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(3));
    expect(calls.some((c) => c.url.includes('before=2'))).toBe(true);
    expect(screen.getByText('<img src=x onerror=alert(1)>@x.ca')).toBeTruthy();
    expect(document.querySelector('img')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Load older entries' })).toBeNull();
  });

  it('filters by a user id and refuses anything else', async () => {
    renderPage(true);
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    const input = screen.getByLabelText('User id (optional)');
    fireEvent.change(input, { target: { value: 'not-an-id' } });
    expect(screen.getByText('Enter a user id')).toBeTruthy();
    fireEvent.change(input, { target: { value: SUBJECT } });
    fireEvent.click(screen.getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(calls.some((c) => c.url.includes(`subject=${SUBJECT}`))).toBe(true));
  });

  it('shows non-admins the not-authorised card and never asks for the log', async () => {
    renderPage(false);
    await waitFor(() => expect(screen.getByText('You are not authorised to view this page.')).toBeTruthy());
    expect(calls.some((c) => c.url.startsWith('/api/admin/audit-log'))).toBe(false);
  });

  it('is in French for a French admin: headings, columns, actions, the id check (ADR 1041)', async () => {
    await applyLanguage('fr', { remember: false });
    renderPage(true, 'fr');
    await waitFor(() => expect(screen.getAllByTestId('audit-row')).toHaveLength(2));
    expect(screen.getByRole('heading', { level: 1, name: 'Journal d’audit' })).toBeTruthy();
    // The stored action through fr.messages.json (its English is the shared label).
    expect(screen.getAllByTestId('audit-row')[0]!.textContent).toContain(
      'A ouvert le fichier d’un utilisateur',
    );
    fireEvent.change(screen.getByLabelText('Identifiant de l’utilisateur (facultatif)'), {
      target: { value: 'not-an-id' },
    });
    expect(screen.getByText('Entrez un identifiant d’utilisateur')).toBeTruthy();
    expect(englishLeftIn(enAdmin, frAdmin)(document.body)).toEqual([]);
    expect(document.body.textContent).not.toContain("Opened a user's file");
  });
});
