import { describe, expect, it } from 'vitest';
import type { Settings } from '@coinmag/contracts';
import { changedSettings } from './changed-settings';

const loaded: Settings = { site_title: 't', site_description: 'd', google_adsense_id: '', header_ad_script: 'h', sidebar_ad_script: 's', footer_ad_script: 'f' };

describe('settings save body', () => {
  it('sends only the fields changed since loading', () => {
    expect(changedSettings(loaded, { ...loaded, footer_ad_script: '<div>ad</div>' })).toEqual({ footer_ad_script: '<div>ad</div>' });
  });
  it('sends all six when nothing changed or nothing was loaded', () => {
    expect(changedSettings(loaded, loaded)).toEqual(loaded);
    expect(changedSettings(null, loaded)).toEqual(loaded);
  });
});
