import { describe, expect, it } from 'vitest';
import { loginPathFor, safeRedirect } from './redirect';

describe('safeRedirect', () => {
  it('follows same-origin paths with their query and hash', () => {
    expect(safeRedirect('/project/42?tab=packing&page=3')).toBe('/project/42?tab=packing&page=3');
    expect(safeRedirect('/reports#top')).toBe('/reports#top');
  });

  it('sends anything else to /projects', () => {
    for (const value of [
      null,
      '',
      'projects',
      'https://evil.example/x',
      '//evil.example/x',
      '/\\evil.example',
      '/login',
    ]) {
      expect(safeRedirect(value)).toBe('/projects');
    }
  });

  it('round-trips through the login address', () => {
    const wanted = '/projects?page=2&status=1&status=2';
    const redirect = new URL(loginPathFor(wanted), 'http://x').searchParams.get('redirect');
    expect(safeRedirect(redirect)).toBe(wanted);
  });
});
