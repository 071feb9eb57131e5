import { describe, expect, it } from 'vitest';
import { appUrlDefaultWarning, parseEnv } from './env.ts';

describe('APP_URL (issue 18 item 8)', () => {
  it('refuses to start in production without it', () => {
    expect(() => parseEnv({ NODE_ENV: 'production' })).toThrow(/APP_URL: required when NODE_ENV=production/);
    expect(() => parseEnv({ NODE_ENV: 'production', APP_URL: '' })).toThrow(/APP_URL/);
    expect(parseEnv({ NODE_ENV: 'production', APP_URL: 'https://app.grantleaf.ca' }).APP_URL).toBe(
      'https://app.grantleaf.ca',
    );
  });

  it('starts elsewhere with the localhost default and a warning to print', () => {
    const env = parseEnv({});
    expect(env.APP_URL).toBe('http://localhost:3000');
    expect(env.warnings).toEqual([appUrlDefaultWarning('http://localhost:3000')]);
    expect(parseEnv({ APP_URL: 'https://app.grantleaf.ca' }).warnings).toEqual([]);
  });

  it('names the port it listens on when APP_URL is unset (issue 28 item 18)', () => {
    const env = parseEnv({ PORT: '3955' });
    expect(env.APP_URL).toBe('http://localhost:3955');
    expect(env.warnings[0]).toContain('http://localhost:3955');
  });
});
