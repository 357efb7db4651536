import { describe, expect, it } from 'vitest';
import { isAdminPath, normalisePath } from './paths.js';

describe('normalisePath', () => {
  it('collapses slashes, resolves dot segments, drops the trailing slash and lower-cases', () => {
    expect(normalisePath('/API//Articles/./admin/../admin/all/')).toBe('/api/articles/admin/all');
    expect(normalisePath('/../../api/settings/admin')).toBe('/api/settings/admin');
  });

  it('decodes percent-encoding, also when it is encoded twice', () => {
    expect(normalisePath('/api/articles%2Fadmin%2Fall')).toBe('/api/articles/admin/all');
    expect(normalisePath('/api/articles%252Fadmin')).toBe('/api/articles/admin');
    expect(normalisePath('/api/%61rticles/%2e%2e/articles/admin')).toBe('/api/articles/admin');
  });

  it('can keep `..` as a literal segment', () => {
    expect(normalisePath('/api/articles/admin/..', false)).toBe('/api/articles/admin/..');
  });

  it('gives up on a path it cannot decode', () => {
    expect(normalisePath('/api/articles/%E0%A4%A')).toBeUndefined();
  });
});

describe('isAdminPath', () => {
  it.each([
    '/api/articles/admin',
    '/api/articles/admin/all',
    '/api/articles/admin/12',
    '/api/categories/admin/all',
    '/api/glossary/admin/terms',
    '/api/glossary/admin/import',
    '/api/settings/admin',
    '/api/admin/stats',
    '/api/admin/password',
    '/api/admin/webhooks',
    '/api/admin/markets',
    '/api/admin/markets/settings',
    '/api/admin/webhooks/3/deliveries',
    '/api/uploads/image',
    '/API/ARTICLES/ADMIN/ALL',
    '/api//articles/admin/all',
    '/api/articles//admin',
    '/api/articles/x/../admin/all',
    '/api/articles/admin/..%2f..%2farticles/admin',
    '/api/articles/admin;x=1/all',
    '/api\\articles\\admin\\all',
    '/api/%2561rticles/admin',
    '/api/uploads/./image',
    '/api/articles/%ZZ',
    '/API/articles/%ff',
    '//api\\x/%ZZ',
    '/%61pi/x/%ZZ',
    '/api;x=1/x/%ZZ',
    '/..%2fapi/x/%ZZ',
    '/uploads/%ZZ',
    '/cards/article/%ff.png',
    '/api/articles/admin/..',
    '/api/articles/admin/%2e%2e/latest',
  ])('guards %s', (path) => {
    expect(isAdminPath(path)).toBe(true);
  });

  it.each([
    '/api/articles',
    '/api/articles/latest',
    '/api/articles/administration-guide',
    '/api/categories/header',
    '/api/settings',
    '/api/admin/login',
    '/api/admin/verify',
    '/api/uploads/test',
    '/uploads/image.png',
    '/admin/dashboard',
    '/api/articles/latest/../popular',
    // Undecodable, but under no prefix the proxy sends to a service: the page renderer's 404.
    '/tag/%ZZ',
    '/article/%ff',
    '/article/%E0%A4%A',
    '/%ZZ',
    '/%ZZapi/x',
    '/api/glossary',
    '/api/glossary/cold-wallet',
  ])('leaves %s public', (path) => {
    expect(isAdminPath(path)).toBe(false);
  });
});
