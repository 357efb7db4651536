import { create } from 'zustand';

export type ToastKind = 'success' | 'error' | 'info';
export interface Toast {
  id: number;
  kind: ToastKind;
  message: string;
}

export const MAX_TOASTS = 20;
export const TOAST_DURATION_MS = 5000;

/** Newest last; at most 20 kept (docs/product.md §9), the oldest dropped first. */
export function pushToast(toasts: readonly Toast[], toast: Toast, max = MAX_TOASTS): Toast[] {
  const next = [...toasts, toast];
  return next.length > max ? next.slice(next.length - max) : next;
}

interface ToastState {
  toasts: Toast[];
  show: (kind: ToastKind, message: string) => void;
  dismiss: (id: number) => void;
}

let nextId = 1;

export const useToasts = create<ToastState>((set, get) => ({
  toasts: [],
  show: (kind, message) => {
    const id = nextId++;
    set({ toasts: pushToast(get().toasts, { id, kind, message }) });
    setTimeout(() => get().dismiss(id), kind === 'error' ? TOAST_DURATION_MS * 2 : TOAST_DURATION_MS);
  },
  dismiss: (id) => set({ toasts: get().toasts.filter((toast) => toast.id !== id) }),
}));

export const toast = {
  success: (message: string) => useToasts.getState().show('success', message),
  error: (message: string) => useToasts.getState().show('error', message),
  info: (message: string) => useToasts.getState().show('info', message),
};
