import { describe, expect, it } from 'vitest';
import { isAdFreePath, isAdminPath } from './ad-paths';

describe('isAdFreePath', () => {
  it('keeps ads on public pages', () => {
    for (const path of ['/', '/article/btc-101', '/category/news', '/search', '/articles']) expect(isAdFreePath(path)).toBe(false);
  });
  it('drops ads on any path mentioning admin, dashboard or backend', () => {
    for (const path of ['/admin', '/admin/dashboard', '/category/backend', '/x/Dashboard', '/ADMIN/login']) expect(isAdFreePath(path)).toBe(true);
  });
  it('drops ads on a preview link’s page, whose address holds its token', () => {
    for (const path of ['/preview/abc', '/preview/', '/Preview/abc', '//preview/abc']) expect(isAdFreePath(path)).toBe(true);
    expect(isAdFreePath('/article/preview-of-2025')).toBe(false);
  });
});

describe('isAdminPath', () => {
  it('matches the admin area only', () => {
    expect(isAdminPath('/admin')).toBe(true);
    expect(isAdminPath('/admin/articles/new')).toBe(true);
    expect(isAdminPath('/administrator')).toBe(false);
    expect(isAdminPath('/article/admin')).toBe(false);
  });
});
