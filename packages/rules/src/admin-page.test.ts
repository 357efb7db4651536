import { describe, expect, it } from 'vitest';
import { isAdminPagePath } from './admin-page.js';

describe('isAdminPagePath', () => {
  it('is the back office in any letter case, and nothing that merely starts with the word', () => {
    for (const path of ['/admin', '/admin/', '/admin/dashboard', '/ADMIN/x', '/Admin', '/aDmIn/articles/new']) expect(isAdminPagePath(path), path).toBe(true);
    for (const path of ['/', '/administrator', '/admins/x', '/article/admin', '/x/admin']) expect(isAdminPagePath(path), path).toBe(false);
  });
});
