import { describe, expect, it } from 'vitest';
import type { Category } from '@coinmag/contracts';
import { EMPTY_CATEGORY, categoryInput, toggledInput, validateCategory } from './category-form';

describe('category form', () => {
  it('requires a name and a sort order of at least 0', () => {
    expect(validateCategory(EMPTY_CATEGORY)).toEqual({ name: '請輸入名稱' });
    expect(validateCategory({ ...EMPTY_CATEGORY, name: 'x', sortOrder: '-1' }).sortOrder).toBeDefined();
    expect(validateCategory({ ...EMPTY_CATEGORY, name: 'x', sortOrder: '' }).sortOrder).toBeDefined();
    expect(validateCategory({ ...EMPTY_CATEGORY, name: 'x', sortOrder: '3' })).toEqual({});
  });
  it('sends trimmed values with a numeric order', () => {
    expect(categoryInput({ ...EMPTY_CATEGORY, name: ' 新聞 ', sortOrder: '4', showInHeader: true })).toEqual({
      name: '新聞', description: '', is_active: true, show_in_header: true, show_in_footer: false, sort_order: 4,
    });
  });
  it('toggle resends the whole category with is_active flipped', () => {
    const category: Category = { id: 2, name: '新聞', slug: 'news', description: 'd', sort_order: 3, show_in_header: true, show_in_footer: false, is_active: true, version: 4 };
    expect(toggledInput(category)).toEqual({ name: '新聞', description: 'd', is_active: false, show_in_header: true, show_in_footer: false, sort_order: 3, version: 4 });
  });
});
