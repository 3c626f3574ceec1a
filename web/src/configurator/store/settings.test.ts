/** The PATCH body the save manager sends for the settings: only what changed, the height override included (decision 0229). */
import { describe, expect, it } from 'vitest';
import { createGrid, updateSettings } from '@rainplan/engine/boxgrid';
import { settingsOf, settingsPatch } from './settings.ts';

describe('settingsPatch', () => {
  const grid = createGrid({ id: 'c', name: 'C', lengthM: 2.4, widthM: 1.6, layers: 1 });

  it('sends nothing when the stored settings equal the grid', () => {
    expect(settingsPatch(settingsOf(grid), grid)).toEqual({});
  });

  it('sends the height override when it was set, changed or cleared (null), and only then', () => {
    const set = updateSettings(grid, { heightOverrideM: 1.25 }).grid;
    expect(settingsPatch(settingsOf(grid), set)).toEqual({ dimensioning: { heightOverride: 1.25 } });
    const changed = updateSettings(set, { heightOverrideM: 1.3 }).grid;
    expect(settingsPatch(settingsOf(set), changed)).toEqual({ dimensioning: { heightOverride: 1.3 } });
    const cleared = updateSettings(set, { heightOverrideM: null }).grid;
    expect(settingsPatch(settingsOf(set), cleared)).toEqual({ dimensioning: { heightOverride: null } });
    // a first save of a grid without override does not send one
    expect(settingsPatch(undefined, grid)['dimensioning']).not.toHaveProperty('heightOverride');
    expect(settingsPatch(undefined, set)['dimensioning']).toMatchObject({ heightOverride: 1.25 });
  });
});
