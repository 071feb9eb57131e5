import { describe, expect, it } from 'vitest';

// Every component's source, as text (Vite's glob import: the web workspace has no Node types).
const SOURCES = import.meta.glob<string>(['../../**/*.tsx', '!../../**/*.test.tsx', '!./input.tsx'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/**
 * Issue 28 items 14 and 15: one styled file chooser. A bare `<input type="file">` shows the
 * browser's own unstyled control beside the app's fields (the SR&ED import had one).
 */
describe('file inputs', () => {
  it('are all the FileInput component', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(50);
    const bare = Object.entries(SOURCES)
      .filter(([, text]) => /type=["{']+file/.test(text))
      .map(([path]) => path);
    expect(bare).toEqual([]);
  });
});
