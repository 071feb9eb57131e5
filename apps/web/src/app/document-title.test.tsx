// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { DocumentTitle, LANDING_TITLE, PAGE_TITLES, titleFor } from './document-title.tsx';

afterEach(cleanup);

describe('page titles', () => {
  it('gives every page its own title', () => {
    const titles = PAGE_TITLES.map(([pattern]) => titleFor(pattern.replace(':id', 'abc'), true));
    expect(new Set([...titles, LANDING_TITLE]).size).toBe(PAGE_TITLES.length + 1);
    expect(titleFor('/', false)).toBe(LANDING_TITLE);
    expect(titleFor('/', true)).toBe('Dashboard · Grantleaf');
    expect(titleFor('/submissions/123/view', true)).toBe('Result · Grantleaf');
  });

  it('sets document.title for the current route', () => {
    render(
      <MemoryRouter initialEntries={['/applications']}>
        <DocumentTitle signedIn />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Grant Applications · Grantleaf');
  });
});
