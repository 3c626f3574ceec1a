import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { configurationVolumes, createGrid, fillLayer, moveLayer, updateSettings } from '@rainplan/engine/boxgrid';
import { geometryLookup } from '@rainplan/engine/catalogue';
import { renderWithStore, testStore } from '../../test/render.tsx';
import { demoCatalogue } from '../dialogs/testCatalogue.ts';
import { checkDecimal, DecimalField } from './DecimalField.tsx';
import { LayersPanel } from './LayersPanel.tsx';
import { SidePanel, type SidePanelProps } from './SidePanel.tsx';
import { PurposePanel } from './PurposePanel.tsx';

afterEach(() => {
  vi.useRealTimers();
});

const layers = (overrides: Partial<Parameters<typeof LayersPanel>[0]> = {}) => {
  const props = { layerCount: 3, currentLayer: 0, maxLayers: 7, onSelect: vi.fn(), onAdd: vi.fn(), onDuplicate: vi.fn(), onDelete: vi.fn(), onMove: vi.fn(), ...overrides };
  return props;
};

describe('LayersPanel (spec §2, §4, §9)', () => {
  it('lists the layers top first, the lowest labelled lowestLayer', () => {
    renderWithStore(<LayersPanel {...layers()} />, testStore());
    const rows = screen.getAllByRole('row');
    expect(rows.map((r) => r.textContent)).toEqual([expect.stringContaining('Lage 3'), expect.stringContaining('Lage 2'), expect.stringContaining('Unterste Lage')]);
  });

  it('adds, duplicates upward, moves by buttons, chooses a layer', () => {
    const props = layers();
    renderWithStore(<LayersPanel {...props} />, testStore());
    fireEvent.click(screen.getByTestId('add-layer'));
    expect(props.onAdd).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Duplizieren – Lage 2' }));
    expect(props.onDuplicate).toHaveBeenCalledWith(1);
    fireEvent.click(screen.getByRole('button', { name: 'Hoch – Unterste Lage' }));
    expect(props.onMove).toHaveBeenCalledWith(0, 1);
    fireEvent.click(screen.getByRole('button', { name: 'Runter – Lage 3' }));
    expect(props.onMove).toHaveBeenCalledWith(2, 1);
    expect((screen.getByRole('button', { name: 'Hoch – Lage 3' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Runter – Unterste Lage' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Löschen – Lage 2' }));
    expect(props.onDelete).toHaveBeenCalledWith(1);
  });

  it('offers no delete with a single layer', () => {
    renderWithStore(<LayersPanel {...layers({ layerCount: 1 })} />, testStore());
    expect(screen.queryByRole('button', { name: /löschen/ })).toBeNull();
  });

  it('disables adding and duplicating at the maximum and says why', () => {
    renderWithStore(<LayersPanel {...layers({ layerCount: 7 })} />, testStore());
    expect((screen.getByTestId('add-layer') as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Duplizieren – Lage 2' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByText('Höchstens 7 Lagen.')).toBeTruthy();
  });

  /**
   * Drags a layer by its handle with the keyboard (react-aria's accessible drag and drop: Enter on
   * the handle starts, the arrow keys walk the drop positions, Enter drops, Escape cancels).
   */
  async function dragLayer(handleName: string, dropLabel: string | undefined) {
    const settle = () => act(async () => void (await new Promise((resolve) => setTimeout(resolve, 30))));
    const press = async (key: string, on: Element = document.activeElement ?? document.body) => {
      fireEvent.keyDown(on, { key });
      fireEvent.keyUp(on, { key });
      await settle();
    };
    const handle = screen.getByRole('button', { name: handleName });
    act(() => handle.focus());
    await press('Enter', handle);
    if (dropLabel === undefined) return press('Escape');
    for (let i = 0; i < 8 && document.activeElement?.getAttribute('aria-label') !== dropLabel; i++) await press('ArrowUp');
    expect(document.activeElement?.getAttribute('aria-label')).toBe(dropLabel);
    await press('Enter');
  }

  it('reorders layers by drag and drop (the list shows the top layer first)', async () => {
    const onMove = vi.fn();
    const props = layers({ onMove });
    renderWithStore(<LayersPanel {...props} />, testStore());
    // the lowest layer above the top one: it becomes the top layer (index 2)
    await dragLayer('Unterste Lage verschieben', 'Insert before Lage 3');
    expect(onMove).toHaveBeenLastCalledWith(0, 2);
    // the top layer between layer 2 and the lowest: index 1
    await dragLayer('Lage 3 verschieben', 'Insert between Lage 2 and Unterste Lage');
    expect(onMove).toHaveBeenLastCalledWith(2, 1);
    // the lowest layer under layer 2 … is where it is: no move; Escape cancels a drag
    onMove.mockClear();
    await dragLayer('Unterste Lage verschieben', 'Insert between Lage 2 and Unterste Lage');
    await dragLayer('Lage 2 verschieben', undefined);
    expect(onMove).not.toHaveBeenCalled();
  });

  it('a layer drag moves the layer with its boxes (the engine moveLayer)', async () => {
    const catalogue = demoCatalogue();
    const lookup = geometryLookup({ itemTypes: catalogue.itemTypes });
    // 3 layers; the lowest full, the others empty
    let grid = fillLayer(createGrid({ id: 'g', name: 'G', lengthM: 1.6, widthM: 1.6, layers: 3 }), lookup, 0, 'BOX_FULL').grid;
    const onMove = vi.fn((from: number, to: number) => {
      grid = moveLayer(grid, from, to).grid;
    });
    renderWithStore(<LayersPanel {...layers({ onMove })} />, testStore());
    await dragLayer('Unterste Lage verschieben', 'Insert before Lage 3');
    expect(onMove).toHaveBeenCalledWith(0, 2);
    expect(grid.layers[2]?.every((item) => item?.boxTypeId === 'BOX_FULL')).toBe(true);
    expect(grid.layers[0]?.every((item) => item === null)).toBe(true);
  });

  it('formats box counts in the UI language', () => {
    renderWithStore(<LayersPanel {...layers({ layerCount: 1, boxCounts: [1234] })} />, testStore({}, 'en'));
    expect(screen.getByRole('row').textContent).toContain('1,234 boxes');
  });
});

describe('checkDecimal (spec §5 decimal text fields)', () => {
  it('accepts comma or dot, optionally negative; empty only when allowed', () => {
    expect(checkDecimal('1,5', {})).toEqual({ ok: true, value: 1.5 });
    expect(checkDecimal('-2.25', {})).toEqual({ ok: true, value: -2.25 });
    expect(checkDecimal('', {})).toEqual({ ok: false, problem: 'required' });
    expect(checkDecimal('', { allowEmpty: true })).toEqual({ ok: true, value: null });
    expect(checkDecimal('1.2.3', {})).toEqual({ ok: false, problem: 'invalid' });
    expect(checkDecimal('abc', {})).toEqual({ ok: false, problem: 'invalid' });
    expect(checkDecimal('0,5', { min: 0.8 })).toEqual({ ok: false, problem: 'min' });
    expect(checkDecimal('200', { max: 160 })).toEqual({ ok: false, problem: 'max' });
  });
});

describe('DecimalField', () => {
  it('sends the parsed value after the debounce, and a message only after the field was left', () => {
    vi.useFakeTimers();
    const onCommit = vi.fn();
    renderWithStore(<DecimalField label="Höhe" value={0} onCommit={onCommit} debounceMs={500} testId="f" />, testStore());
    const input = screen.getByRole('textbox', { name: 'Höhe' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: '12,5' } });
    act(() => vi.advanceTimersByTime(499));
    expect(onCommit).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(1));
    expect(onCommit).toHaveBeenCalledWith(12.5);
    fireEvent.change(input, { target: { value: '12,x' } });
    act(() => vi.advanceTimersByTime(1000));
    expect(onCommit).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(/Bitte eine Zahl eingeben/)).toBeNull();
    fireEvent.blur(input);
    expect(screen.getByText(/Bitte eine Zahl eingeben/)).toBeTruthy();
  });

  it('follows the value from outside while not edited, formatted in the UI language', () => {
    const store = testStore({}, 'de');
    const { rerender } = renderWithStore(<DecimalField label="Höhe" value={1.25} onCommit={() => {}} debounceMs={500} />, store);
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('1,25');
    rerender(<DecimalField label="Höhe" value={-3.5} onCommit={() => {}} debounceMs={500} />);
    // rerender without providers is not needed: the value updates through the effect
    expect((screen.getByRole('textbox') as HTMLInputElement).value).toBe('-3,5');
  });
});

const catalogue = demoCatalogue();
const lookup = geometryLookup(catalogue);

function sideProps(overrides: Partial<SidePanelProps> = {}): SidePanelProps {
  let grid = createGrid({ id: 'c', name: 'C', lengthM: 4.8, widthM: 2.4, layers: 2 });
  grid = fillLayer(grid, lookup, 0, 'BOX_FULL').grid;
  grid = updateSettings(grid, { stormwaterObjective: 'retention', groundLevel: 0, plantBottomLevel: 0 }).grid;
  return {
    volumes: configurationVolumes(grid, lookup),
    lengthM: 4.8,
    widthM: 2.4,
    groundLevel: 0,
    plantBottomLevel: 0,
    stormwaterObjective: 'retention',
    storageCoefficient: 95,
    heightOverrideM: null,
    onHeightOverride: vi.fn(),
    onResize: vi.fn(),
    onGroundLevel: vi.fn(),
    onPlantBottomLevel: vi.fn(),
    onStormwaterObjective: vi.fn(),
    ...overrides,
  };
}

describe('SidePanel', () => {
  it('shows the volumes of the engine in the UI language, foil and fleece for retention', () => {
    const props = sideProps();
    renderWithStore(<SidePanel {...props} />, testStore({}, 'de'));
    // 6 × 3 boxes of 0.8 × 0.8 × 0.66 m at 95 % = 7.223 m³ (one volume formula of boxes, decision 0168)
    expect(screen.getByTestId('side-net-volume').textContent).toBe('7,223 m³');
    expect(screen.getByTestId('side-box-count').textContent).toBe('18');
    expect(screen.getByTestId('side-foil')).toBeTruthy();
    expect(screen.queryByTestId('side-geotextile')).toBeNull();
  });

  it('levels 0 / 0 are levels like any others (decision 0172): cover 0 − 0.66 m, and the engine says so beside the plant bottom', () => {
    renderWithStore(<SidePanel {...sideProps()} />, testStore({}, 'de'));
    expect(screen.getByTestId('side-cover').textContent).toBe('-0,66 m');
    expect(screen.getByText('Anlagensohle zu hoch: Die Boxen ragen aus dem Gelände (Überdeckung -0,66 m). Für 0,5 m Überdeckung liegt die Anlagensohle höchstens bei -1,16 m.')).toBeTruthy();
  });

  it('a new grid starts with the minimum cover: 0,50 m, no level message; an empty one shows no cover', () => {
    let fresh = createGrid({ id: 'n', name: 'N', lengthM: 2.4, widthM: 1.6, layers: 1 });
    fresh = fillLayer(fresh, lookup, 0, 'BOX_FULL').grid;
    const { groundLevel, plantBottomLevel } = fresh.settings;
    const props = sideProps({ volumes: configurationVolumes(fresh, lookup), groundLevel, plantBottomLevel, stormwaterObjective: 'infiltration' });
    const { unmount } = renderWithStore(<SidePanel {...props} />, testStore({}, 'de'));
    expect(screen.getByTestId('side-cover').textContent).toBe('0,50 m');
    expect(screen.queryByText(/Anlagensohle zu hoch|Mindestmaß/)).toBeNull();
    unmount();
    const empty = createGrid({ id: 'e', name: 'E' });
    renderWithStore(<SidePanel {...sideProps({ volumes: configurationVolumes(empty, lookup), ...empty.settings, stormwaterObjective: 'infiltration' })} />, testStore({}, 'en'));
    expect(screen.getByTestId('side-cover').textContent).toBe('---');
  });

  it('geotextile for infiltration; English number format', () => {
    const props = sideProps({ stormwaterObjective: 'infiltration' });
    const volumes = props.volumes!;
    renderWithStore(<SidePanel {...props} volumes={{ ...volumes, geotextileAreaM2: 1234.5 }} />, testStore({}, 'en'));
    expect(screen.getByTestId('side-geotextile').textContent).toBe('1,234.50 m²');
    expect(screen.getByTestId('side-net-volume').textContent).toBe('7.223 m³');
  });

  it('shows the engine level checks in place', () => {
    const props = sideProps();
    const volumes = props.volumes!;
    renderWithStore(
      <SidePanel
        {...props}
        volumes={{ ...volumes, messages: [{ code: 'GROUND_LEVEL_TOO_LOW', messageKey: 'configurator.groundLevelTooLow', severity: 'warning', params: { coverDepthM: 0.2, minCoverM: 0.5, plantBottomLevel: 1, maxPlantBottomLevel: 0.7 } }] }}
      />,
      testStore({}, 'en'),
    );
    expect(screen.getByText('Cover 0.2 m is below the minimum of 0.5 m: raise the ground level or lower the plant bottom level to at most 0.7 m.')).toBeTruthy();
  });

  it('sends the construction area only when both fields parse, 300 ms after typing', () => {
    vi.useFakeTimers();
    const props = sideProps();
    renderWithStore(<SidePanel {...props} />, testStore());
    const length = within(screen.getByTestId('side-panel')).getByRole('textbox', { name: 'Länge (m)' });
    const width = within(screen.getByTestId('side-panel')).getByRole('textbox', { name: 'Breite (m)' });
    fireEvent.focus(width);
    fireEvent.change(width, { target: { value: 'x' } });
    fireEvent.focus(length);
    fireEvent.change(length, { target: { value: '8' } });
    act(() => vi.advanceTimersByTime(400));
    expect(props.onResize).not.toHaveBeenCalled();
    fireEvent.change(width, { target: { value: '4,0' } });
    act(() => vi.advanceTimersByTime(300));
    expect(props.onResize).toHaveBeenCalledWith(8, 4);
  });

  it('refuses a length below one cell with a message after leaving the field', () => {
    const props = sideProps();
    renderWithStore(<SidePanel {...props} />, testStore());
    const length = screen.getByRole('textbox', { name: 'Länge (m)' });
    fireEvent.focus(length);
    fireEvent.change(length, { target: { value: '0,5' } });
    fireEvent.blur(length);
    expect(props.onResize).not.toHaveBeenCalled();
    expect(screen.getByText('Mindestens 0,8.')).toBeTruthy();
  });

  it('sends ground level with a comma after 500 ms', () => {
    vi.useFakeTimers();
    const props = sideProps();
    renderWithStore(<SidePanel {...props} />, testStore());
    const ground = screen.getByRole('textbox', { name: 'Geländeoberkante (m)' });
    fireEvent.focus(ground);
    fireEvent.change(ground, { target: { value: '2,5' } });
    act(() => vi.advanceTimersByTime(300));
    expect(props.onGroundLevel).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(props.onGroundLevel).toHaveBeenCalledWith(2.5);
  });
});

describe('SidePanel: height override (decision 0229)', () => {
  it('the button is disabled while levels or height are 0; an empty grid shows no computed height', () => {
    const empty = createGrid({ id: 'e', name: 'E' });
    renderWithStore(<SidePanel {...sideProps({ volumes: configurationVolumes(empty, lookup) })} />, testStore());
    expect((screen.getByRole('button', { name: 'Höhe überschreiben' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByTestId('side-computed-height').textContent).toBe('---');
    expect(screen.queryByRole('textbox', { name: 'Eingebaute Höhe (m)' })).toBeNull();
  });

  it('the button opens the field with the computed height; typing sends the override after 500 ms, nothing before; "use computed height" clears it', () => {
    vi.useFakeTimers();
    const props = sideProps();
    const { rerender } = renderWithStore(<SidePanel {...props} />, testStore());
    expect(screen.getByTestId('side-computed-height').textContent).toBe('0,66 m');
    fireEvent.click(screen.getByRole('button', { name: 'Höhe überschreiben' }));
    const field = screen.getByRole('textbox', { name: 'Eingebaute Höhe (m)' }) as HTMLInputElement;
    expect(field.value).toBe('0,66');
    // opening saves nothing
    expect(props.onHeightOverride).not.toHaveBeenCalled();
    fireEvent.focus(field);
    fireEvent.change(field, { target: { value: '0,86' } });
    act(() => vi.advanceTimersByTime(300));
    expect(props.onHeightOverride).not.toHaveBeenCalled();
    act(() => vi.advanceTimersByTime(200));
    expect(props.onHeightOverride).toHaveBeenCalledWith(0.86);
    fireEvent.blur(field);
    rerender(<SidePanel {...props} heightOverrideM={0.86} />);
    fireEvent.click(screen.getByRole('button', { name: 'Berechnete Höhe verwenden' }));
    expect(props.onHeightOverride).toHaveBeenLastCalledWith(null);
  });

  it('refuses 0, a negative height and more than 10 m with a message after leaving the field, and sends nothing', () => {
    const props = sideProps({ heightOverrideM: 1.2 });
    renderWithStore(<SidePanel {...props} />, testStore({}, 'en'));
    const field = screen.getByRole('textbox', { name: 'Built height (m)' }) as HTMLInputElement;
    expect(field.value).toBe('1.2');
    for (const text of ['0', '-1', '10,5']) {
      fireEvent.focus(field);
      fireEvent.change(field, { target: { value: text } });
      fireEvent.blur(field);
      expect(field.getAttribute('aria-invalid')).toBe('true');
    }
    expect(props.onHeightOverride).not.toHaveBeenCalled();
  });

  it('shows the cover the engine computed with the override', () => {
    let grid = createGrid({ id: 'h', name: 'H', lengthM: 1.6, widthM: 1.6, layers: 1, groundLevel: 0, plantBottomLevel: -2 });
    grid = fillLayer(grid, lookup, 0, 'BOX_FULL').grid;
    grid = updateSettings(grid, { heightOverrideM: 1.2 }).grid;
    renderWithStore(<SidePanel {...sideProps({ volumes: configurationVolumes(grid, lookup), ...grid.settings })} />, testStore());
    expect(screen.getByTestId('side-computed-height').textContent).toBe('0,66 m');
    expect(screen.getByTestId('side-cover').textContent).toBe('0,80 m');
    expect((screen.getByRole('textbox', { name: 'Eingebaute Höhe (m)' }) as HTMLInputElement).value).toBe('1,2');
  });
});

describe('PurposePanel (issue 27)', () => {
  it('shows the required and available volume, the verdict, the bill total and its change', () => {
    renderWithStore(
      <PurposePanel
        purpose={{ measureName: 'Rigole', requiredVolumeM3: 3.456, availableVolumeM3: 2.408, sufficient: false }}
        billTotal={{ totalPrice: '1189.00', currency: 'EUR' }}
        previousBillTotal={{ totalPrice: '1000.00', currency: 'EUR' }}
      />,
      testStore(),
    );
    expect(screen.getByRole('heading', { name: 'Zweck: Rigole' })).toBeTruthy();
    expect(screen.getByTestId('purpose-required').textContent).toBe('3,46 m³');
    expect(screen.getByTestId('purpose-available').textContent).toBe('2,41 m³');
    expect(screen.getByTestId('purpose-verdict').textContent).toBe('Nicht ausreichend');
    expect(screen.getByTestId('purpose-bill').textContent?.replace(/\s/g, ' ')).toBe('1.189,00 €');
    expect(screen.getByTestId('purpose-bill-change').textContent?.replace(/\s/g, ' ')).toBe('+189,00 €');
  });

  it('shows only the bill for a custom configuration, dashes before it is loaded', () => {
    renderWithStore(<PurposePanel purpose={undefined} billTotal={undefined} previousBillTotal={undefined} />, testStore());
    expect(screen.getByRole('heading', { name: 'Kosten' })).toBeTruthy();
    expect(screen.queryByTestId('purpose-verdict')).toBeNull();
    expect(screen.getByTestId('purpose-bill').textContent).toBe('---');
  });
});

describe('LayersPanel rows (issue 27)', () => {
  it('show the full name and labelled buttons with tooltips; a click in the middle of a row selects the layer and moves nothing', () => {
    const onSelect = vi.fn();
    const onMove = vi.fn();
    renderWithStore(
      <LayersPanel layerCount={3} currentLayer={0} maxLayers={7} onSelect={onSelect} onAdd={() => {}} onDuplicate={() => {}} onDelete={() => {}} onMove={onMove} />,
      testStore(),
    );
    const row = screen.getByTestId('layer-1');
    // the accessible name starts with the visible label and names the layer (axe: label-content-name-mismatch)
    const up = within(row).getByRole('button', { name: 'Hoch – Lage 2' });
    expect(up.textContent).toBe('Hoch');
    expect(within(row).getByRole('button', { name: 'Löschen – Lage 2' }).textContent).toBe('Löschen');
    expect(within(row).getByRole('button', { name: 'Duplizieren – Lage 2' }).textContent).toBe('Duplizieren');
    // the tooltip says the whole action
    expect(up.querySelector('[title]')?.getAttribute('title')).toBe('Lage 2 nach oben');
    expect(within(row).getByRole('button', { name: 'Duplizieren – Lage 2' }).querySelector('[title]')?.getAttribute('title')).toBe('Lage 2 nach oben duplizieren');
    fireEvent.click(within(row).getByText('Lage 2'));
    expect(onSelect).toHaveBeenCalledWith(1);
    expect(onMove).not.toHaveBeenCalled();
  });
});
