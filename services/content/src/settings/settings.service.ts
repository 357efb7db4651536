import type { Settings, SettingsInput } from '@coinmag/contracts';
import type { SettingsRepository } from './settings.repository.js';

export class SettingsService {
  constructor(
    private readonly settings: SettingsRepository,
    private readonly onChange: () => Promise<void> = async () => {},
  ) {}

  get(): Promise<Settings> {
    return this.settings.get();
  }

  async update(input: SettingsInput): Promise<Settings> {
    const saved = await this.settings.update(input);
    await this.onChange();
    return saved;
  }
}
