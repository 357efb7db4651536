export const DELETE_CONFIRM = '確定要刪除嗎？此動作無法復原。';

/** The browser's own confirm prompt: modal, keyboard reachable, read by screen readers. */
export function confirmDelete(): boolean {
  return window.confirm(DELETE_CONFIRM);
}
