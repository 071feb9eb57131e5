// @vitest-environment jsdom
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ReactElement } from 'react';
import { describe, expect, it } from 'vitest';
import { fillIn, json, renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { EarlyAccessDialog } from './early-access-dialog.tsx';
import { GrantAnalysisForm } from './grant-analysis-form.tsx';

/** Issue 18 item 5: the spec's texts where it names the case, a precise one where it does not. */

/** Renders `ui` with every request answered as a success; returns the requests sent. */
function renderWith(ui: ReactElement) {
  const { calls } = stubApi({ '*': () => json(200, { success: true, message: 'ok' }) });
  renderWithProviders(ui);
  return calls;
}

describe('early-access dialog', () => {
  function open() {
    const posted = renderWith(<EarlyAccessDialog />);
    fireEvent.click(screen.getByRole('button'));
    return posted;
  }

  it('keeps the spec toast for empty fields', async () => {
    open();
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getByText('Missing Information')).toBeTruthy());
    expect(screen.getByText('Please fill in all required fields.')).toBeTruthy();
    expect(screen.getByLabelText(/^Name/).getAttribute('aria-invalid')).toBe('true');
  });

  it('says the e-mail is invalid, and the field error goes once the address is valid', async () => {
    const posted = open();
    fillIn(/^Name/, 'Ada Lovelace');
    fillIn(/^Email/, 'ada@');
    fillIn(/^Phone number/, '+1 416 555 0100');
    fillIn(/^Message/, 'Interested');
    fireEvent.click(screen.getByRole('button', { name: 'Submit Request' }));
    await waitFor(() => expect(screen.getByText('Invalid Email')).toBeTruthy());
    expect(screen.queryByText('Please fill in all required fields.')).toBeNull();
    const email = screen.getByLabelText(/^Email/);
    expect(email.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById('zeno-email-error')?.textContent).toBe(
      'Please enter a valid email address',
    );
    fillIn(/^Email/, 'ada@utoronto.ca');
    expect(document.getElementById('zeno-email-error')).toBeNull();
    expect(email.getAttribute('aria-invalid')).toBe('false');
    expect(posted).toHaveLength(0);
  });
});

describe('grant-analysis lead form', () => {
  it('titles an invalid e-mail as such, and keeps the spec toast for empty fields', async () => {
    renderWith(<GrantAnalysisForm />);
    fireEvent.submit(screen.getByRole('form', { name: 'Free grant analysis' }));
    await waitFor(() => expect(screen.getByText('Missing information')).toBeTruthy());
    expect(screen.getByText('Please fill in all required fields')).toBeTruthy();
    expect(document.getElementById('lead-role-error')?.textContent).toBe('Please select your role');

    fillIn(/^Email/, 'not-an-address');
    fillIn(/^Organization/, 'University of Toronto');
    fireEvent.change(screen.getByLabelText(/^Role/), { target: { value: 'faculty' } });
    fireEvent.change(screen.getByLabelText(/^Grant size/), { target: { value: 'under-50k' } });
    // Each field's message went as it became valid; the e-mail's is still there.
    expect(document.getElementById('lead-role-error')).toBeNull();
    expect(document.getElementById('lead-organization-error')).toBeNull();
    fireEvent.submit(screen.getByRole('form', { name: 'Free grant analysis' }));
    await waitFor(() => expect(screen.getByText('Invalid email')).toBeTruthy());
    expect(screen.getAllByText('Please enter a valid email address').length).toBeGreaterThan(0);
  });
});
