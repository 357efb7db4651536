import type { Category, CategoryInput } from '@coinmag/contracts';

export interface CategoryFormValues {
  name: string;
  description: string;
  sortOrder: string;
  isActive: boolean;
  showInHeader: boolean;
  showInFooter: boolean;
}

export const EMPTY_CATEGORY: CategoryFormValues = { name: '', description: '', sortOrder: '0', isActive: true, showInHeader: false, showInFooter: false };

export function valuesFromCategory(category: Category): CategoryFormValues {
  return {
    name: category.name,
    description: category.description ?? '',
    sortOrder: String(category.sort_order),
    isActive: category.is_active,
    showInHeader: category.show_in_header,
    showInFooter: category.show_in_footer,
  };
}

export type CategoryErrors = Partial<Record<'name' | 'sortOrder', string>>;

/** Name required, sort order a whole number ≥ 0 (docs/product.md §5). */
export function validateCategory(values: CategoryFormValues): CategoryErrors {
  const errors: CategoryErrors = {};
  if (!values.name.trim()) errors.name = '請輸入名稱';
  const order = Number(values.sortOrder);
  if (values.sortOrder.trim() === '' || !Number.isInteger(order) || order < 0) errors.sortOrder = '排序必須是 0 以上的整數';
  return errors;
}

export function categoryInput(values: CategoryFormValues): CategoryInput {
  return {
    name: values.name.trim(),
    description: values.description.trim(),
    is_active: values.isActive,
    show_in_header: values.showInHeader,
    show_in_footer: values.showInFooter,
    sort_order: Number(values.sortOrder),
  };
}

/** The list's toggle resends the whole category with is_active flipped (docs/product.md §4). */
export function toggledInput(category: Category): CategoryInput {
  return {
    name: category.name,
    description: category.description ?? '',
    is_active: !category.is_active,
    show_in_header: category.show_in_header,
    show_in_footer: category.show_in_footer,
    sort_order: category.sort_order,
    version: category.version,
  };
}
