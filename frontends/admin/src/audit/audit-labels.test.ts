import { describe, expect, it } from 'vitest';
import { AUDIT_ACTIONS } from '@coinmag/contracts';
import { ACTION_LABELS, actorLabel, subjectLink } from './audit-labels';

describe('audit labels', () => {
  it('names every action in Traditional Chinese', () => {
    for (const action of AUDIT_ACTIONS) expect(ACTION_LABELS[action]).toMatch(/[\u4e00-\u9fff]/);
  });

  it('calls the scheduler the system and links what still exists', () => {
    expect(actorLabel('system')).toBe('系統');
    expect(actorLabel('admin')).toBe('admin');
    expect(subjectLink({ action: 'article.update', subject_id: 4 })).toBe('/admin/articles/edit/4');
    expect(subjectLink({ action: 'article.delete', subject_id: 4 })).toBeNull();
    expect(subjectLink({ action: 'category.create', subject_id: 2 })).toBe('/admin/categories/edit/2');
    expect(subjectLink({ action: 'auth.login', subject_id: 1 })).toBeNull();
    expect(subjectLink({ action: 'glossary.update', subject_id: 3 })).toBe('/admin/glossary/edit/3');
    expect(subjectLink({ action: 'glossary.delete', subject_id: 3 })).toBeNull();
  });
});
