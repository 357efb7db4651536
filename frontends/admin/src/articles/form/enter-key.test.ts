import { describe, expect, it } from 'vitest';
import { shouldBlockEnter } from './enter-key';

const enter = { key: 'Enter', inEditor: false };

describe('Enter in the article form', () => {
  it('is blocked in single-line inputs and selects', () => {
    expect(shouldBlockEnter({ ...enter, tagName: 'INPUT', type: 'text' })).toBe(true);
    expect(shouldBlockEnter({ ...enter, tagName: 'input', type: 'datetime-local' })).toBe(true);
    expect(shouldBlockEnter({ ...enter, tagName: 'INPUT', type: 'checkbox' })).toBe(true);
    expect(shouldBlockEnter({ ...enter, tagName: 'SELECT' })).toBe(true);
  });
  it('works in the editor and in text areas', () => {
    expect(shouldBlockEnter({ ...enter, tagName: 'DIV', inEditor: true })).toBe(false);
    expect(shouldBlockEnter({ ...enter, tagName: 'TEXTAREA' })).toBe(false);
  });
  it('still activates buttons and dialogs', () => {
    expect(shouldBlockEnter({ ...enter, tagName: 'BUTTON' })).toBe(false);
    expect(shouldBlockEnter({ ...enter, tagName: 'INPUT', type: 'submit' })).toBe(false);
    expect(shouldBlockEnter({ ...enter, tagName: 'INPUT', type: 'text', inDialog: true })).toBe(false);
  });
  it('ignores other keys and IME composition', () => {
    expect(shouldBlockEnter({ key: 'a', tagName: 'INPUT', inEditor: false })).toBe(false);
    expect(shouldBlockEnter({ ...enter, tagName: 'INPUT', composing: true })).toBe(false);
  });
});
