// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders, stubApi } from '../../../test/kit.tsx';
import { SiteFooter } from './site-footer.tsx';

describe('SiteFooter', () => {
  it('takes the copyright year from the clock', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-06-01T12:00:00Z'));
    stubApi({});
    renderWithProviders(<SiteFooter />);
    expect(screen.getByText('© 2031 Grantleaf. All rights reserved.')).toBeTruthy();
  });
});
