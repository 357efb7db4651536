import type { Settings, SettingsInput } from '@coinmag/contracts';

/**
 * The fields the admin changed since loading (all six when nothing is known or nothing
 * changed). The API keeps fields left out, so a save never undoes a change made meanwhile
 * elsewhere to a field this form did not touch.
 */
export function changedSettings<T extends Settings>(loaded: T | null, edited: T): SettingsInput {
  if (!loaded) return edited;
  const changed = Object.fromEntries(Object.entries(edited).filter(([key, value]) => loaded[key as keyof T] !== value)) as SettingsInput;
  return Object.keys(changed).length > 0 ? changed : edited;
}
