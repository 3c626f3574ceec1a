import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, within } from '@testing-library/react';
import { useState } from 'react';
import type { PropertySet, SelectedOption } from '@rainplan/engine/boxgrid';
import { renderWithStore, testStore } from '../../test/render.tsx';
import { ConfigurationPicker } from './ConfigurationPicker.tsx';
import { CreateConfigurationDialog, CUSTOM_CONFIGURATION, DeleteConfigurationDialog, RenameConfigurationDialog } from './ConfigurationDialogs.tsx';
import { compassOfSide, ConnectionDialog } from './ConnectionDialog.tsx';
import { ItemOptionsDialog, optionsTitleKey } from './ItemOptionsDialog.tsx';
import { PlantSelectionDialog, plantsForSide } from './PlantDialogs.tsx';
import { PropertySetForm } from './PropertySetForm.tsx';
import { demoCatalogue, demoPlants, setLookup } from './testCatalogue.ts';

const catalogue = demoCatalogue();
const plants = demoPlants(catalogue);
const propertySet = setLookup(catalogue);
const itemType = (id: string) => catalogue.itemTypes.find((t) => t.businessId === id);

/** react-aria's Select keeps a hidden native select in sync: choosing there is choosing in the list. */
function choose(container: HTMLElement, value: string) {
  const select = container.querySelector('select');
  if (select === null) throw new Error('no select');
  fireEvent.change(select, { target: { value } });
}

describe('CreateConfigurationDialog (spec §5)', () => {
  it('requires a measure choice: the message shows only after submitting, nothing is created', () => {
    const onCreate = vi.fn();
    renderWithStore(<CreateConfigurationDialog isOpen measures={[{ id: 'm1', name: 'Rigole 1' }]} onCreate={onCreate} onCancel={() => {}} />, testStore());
    expect(screen.queryByText(/Bitte eine Maßnahme wählen/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(onCreate).not.toHaveBeenCalled();
    expect(screen.getByText(/Bitte eine Maßnahme wählen/)).toBeTruthy();
  });

  it('an empty name becomes newConfig; "no measure" creates a custom configuration', () => {
    const onCreate = vi.fn();
    renderWithStore(<CreateConfigurationDialog isOpen measures={[{ id: 'm1', name: 'Rigole 1' }]} onCreate={onCreate} onCancel={() => {}} />, testStore());
    choose(document.body, CUSTOM_CONFIGURATION);
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(onCreate).toHaveBeenCalledWith({ name: 'Neue Konfiguration', measureId: null });
  });

  it('creates for an eligible measure with the trimmed name', () => {
    const onCreate = vi.fn();
    renderWithStore(<CreateConfigurationDialog isOpen measures={[{ id: 'm1', name: 'Rigole 1' }, { id: 'm2', name: 'Becken' }]} onCreate={onCreate} onCancel={() => {}} />, testStore());
    fireEvent.change(screen.getByRole('textbox', { name: /Name/ }), { target: { value: '  Nord  ' } });
    choose(document.body, 'm2');
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(onCreate).toHaveBeenCalledWith({ name: 'Nord', measureId: 'm2' });
  });

  it('names a measure whose block exceeds 50,000 boxes and does not create its configuration (decision 0191)', () => {
    const onCreate = vi.fn();
    renderWithStore(<CreateConfigurationDialog isOpen measures={[{ id: 'm1', name: 'Riesenrigole', tooManyItems: 280_000 }, { id: 'm2', name: 'Rigole' }]} onCreate={onCreate} onCancel={() => {}} initialMeasureId="m1" />, testStore());
    expect(screen.getByTestId('measure-too-large').textContent).toMatch(/280\.?000 Boxen, eine Konfiguration höchstens 50\.?000/);
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(onCreate).not.toHaveBeenCalled();
    choose(document.body, 'm2');
    expect(screen.queryByTestId('measure-too-large')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(onCreate).toHaveBeenCalledWith({ name: 'Neue Konfiguration', measureId: 'm2' });
  });

  it('refuses a name over 255 characters (SIZE_LIMITS), with the message after leaving the field', () => {
    const onCreate = vi.fn();
    renderWithStore(<CreateConfigurationDialog isOpen measures={[]} onCreate={onCreate} onCancel={() => {}} />, testStore());
    const name = screen.getByRole('textbox', { name: /Name/ });
    fireEvent.change(name, { target: { value: 'x'.repeat(256) } });
    expect(screen.queryByText(/Höchstens 255 Zeichen/)).toBeNull();
    fireEvent.blur(name);
    expect(screen.getByText(/Höchstens 255 Zeichen/)).toBeTruthy();
    choose(document.body, CUSTOM_CONFIGURATION);
    fireEvent.click(screen.getByRole('button', { name: 'Anlegen' }));
    expect(onCreate).not.toHaveBeenCalled();
  });

  it('shows the empty state noAvailableMeasures when no measure is eligible (English)', () => {
    renderWithStore(<CreateConfigurationDialog isOpen measures={[]} onCreate={() => {}} onCancel={() => {}} />, testStore({}, 'en'));
    expect(screen.getByTestId('no-available-measures').textContent).toMatch(/No measure can take a configuration/);
  });

  it('offers only the measures it is given plus "no measure"', () => {
    renderWithStore(<CreateConfigurationDialog isOpen measures={[{ id: 'm1', name: 'Rigole 1' }]} onCreate={() => {}} onCancel={() => {}} />, testStore());
    const values = [...document.querySelectorAll('select option')].map((o) => (o as HTMLOptionElement).value).filter((v) => v !== '');
    expect(values).toEqual(['m1', CUSTOM_CONFIGURATION]);
  });

  it('cancel closes without creating', () => {
    const onCreate = vi.fn();
    const onCancel = vi.fn();
    renderWithStore(<CreateConfigurationDialog isOpen measures={[]} onCreate={onCreate} onCancel={onCancel} />, testStore());
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onCreate).not.toHaveBeenCalled();
  });
});

describe('RenameConfigurationDialog and DeleteConfigurationDialog', () => {
  it('renames with the trimmed name and refuses an empty one with a message', () => {
    const onRename = vi.fn();
    renderWithStore(<RenameConfigurationDialog isOpen name="Alt" onRename={onRename} onCancel={() => {}} />, testStore());
    const field = screen.getByRole('textbox', { name: /Name/ });
    fireEvent.change(field, { target: { value: '   ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onRename).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte einen Namen eingeben.')).toBeTruthy();
    fireEvent.change(field, { target: { value: ' Neu ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(onRename).toHaveBeenCalledWith('Neu');
  });

  it('asks before deleting and deletes only on confirmation', () => {
    const onDelete = vi.fn();
    const onCancel = vi.fn();
    renderWithStore(<DeleteConfigurationDialog isOpen name="Nord" onDelete={onDelete} onCancel={onCancel} />, testStore());
    expect(screen.getByRole('alertdialog').textContent).toContain('Nord');
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onDelete).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

describe('ConfigurationPicker', () => {
  it('shows createDialog.noConfigs and only "add" without configurations', () => {
    const onAdd = vi.fn();
    renderWithStore(<ConfigurationPicker configurations={[]} selectedId={null} onSelect={() => {}} onAdd={onAdd} onRename={() => {}} onDelete={() => {}} />, testStore());
    expect(screen.getByTestId('no-configurations')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Umbenennen' })).toBeNull();
    fireEvent.click(screen.getByTestId('add-configuration'));
    expect(onAdd).toHaveBeenCalledTimes(1);
  });

  it('chooses among configurations; rename and delete act on the chosen one', () => {
    const onSelect = vi.fn();
    const onDelete = vi.fn();
    renderWithStore(
      <ConfigurationPicker configurations={[{ id: 'a', name: 'A' }, { id: 'b', name: 'B' }]} selectedId="a" onSelect={onSelect} onAdd={() => {}} onRename={() => {}} onDelete={onDelete} />,
      testStore(),
    );
    choose(document.body, 'b');
    expect(onSelect).toHaveBeenCalledWith('b');
    fireEvent.click(screen.getByRole('button', { name: 'Löschen' }));
    expect(onDelete).toHaveBeenCalledTimes(1);
  });
});

/** Every field type of the spec, with a dependency and an optional group. */
const EVERY_FIELD: PropertySet = {
  id: 'ALL',
  groups: [
    {
      id: 'g',
      name: 'General',
      label: { de: 'Allgemein', en: 'General' },
      properties: [
        { id: 'cover', name: 'Cover', label: { de: 'Abdeckung', en: 'Cover' }, fieldType: 'radioButton', options: [{ id: 'B125', name: 'B 125', isDefault: true }, { id: 'D400', name: 'D 400', dependentProperties: ['frame'] }] },
        { id: 'frame', name: 'Frame', label: { de: 'Rahmen', en: 'Frame' }, fieldType: 'comboBox', dependent: true, options: [{ id: 'steel', name: 'Stahl' }, { id: 'cast', name: 'Guss' }] },
        { id: 'vent', name: 'Ventilation', label: { de: 'Lüftung', en: 'Ventilation' }, fieldType: 'bool', optional: true, options: [{ id: 'withVent', name: 'mit Lüftung' }] },
        { id: 'seal', name: 'Seal', label: { de: 'Dichtung', en: 'Seal' }, fieldType: 'bool', options: [{ id: 'always', name: 'immer', required: true }] },
        { id: 'buckets', name: 'Buckets', label: { de: 'Eimer', en: 'Buckets' }, fieldType: 'amount', min: 0, max: 2, step: 1, defaultValue: 0, options: [] },
        { id: 'height', name: 'Height', label: { de: 'Höhe', en: 'Height' }, fieldType: 'value', min: 0, max: 660, step: 10, defaultValue: 0, options: [] },
        { id: 'nav', name: 'Navigation', label: { de: 'Ausführung', en: 'Execution' }, fieldType: 'navigation', options: [{ id: 'n1', name: 'Standard' }, { id: 'n2', name: 'Schwer' }] },
        { id: 'tree', name: 'Tree', label: { de: 'Zubehör', en: 'Accessories' }, fieldType: 'treeView', options: [{ id: 't1', name: 'Filter' }, { id: 't2', name: 'Sieb' }] },
      ],
    },
  ],
};

function Form({ initial, onChange }: { initial: SelectedOption[]; onChange?: (o: SelectedOption[]) => void }) {
  const [options, setOptions] = useState(initial);
  return (
    <>
      <PropertySetForm
        set={EVERY_FIELD}
        options={options}
        onChange={(next) => {
          setOptions(next);
          onChange?.(next);
        }}
      />
      <output data-testid="options">{JSON.stringify(options)}</output>
    </>
  );
}

const current = () => JSON.parse(screen.getByTestId('options').textContent ?? '[]') as SelectedOption[];

describe('PropertySetForm: every field type of the spec, by the engine rules', () => {
  it('renders radio button, bool, amount, value, navigation and tree view; the dependent combo box only while enabled', () => {
    renderWithStore(<Form initial={[{ propertyId: 'cover', optionId: 'B125' }]} />, testStore());
    expect(within(screen.getByTestId('property-cover')).getAllByRole('radio').length).toBe(2);
    expect(screen.getAllByRole('checkbox').length).toBe(2);
    expect(screen.getByRole('textbox', { name: 'Eimer' })).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Höhe' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: 'Schwer' })).toBeTruthy();
    expect(screen.getByRole('treegrid')).toBeTruthy();
    expect(screen.queryByText('Rahmen')).toBeNull();
    fireEvent.click(screen.getByRole('radio', { name: 'D 400' }));
    expect(current()).toContainEqual({ propertyId: 'cover', optionId: 'D400' });
    expect(screen.getAllByText('Rahmen').length).toBeGreaterThan(0);
  });

  it('changing the option removes the options that depend on the previous one (spec §4)', () => {
    renderWithStore(<Form initial={[{ propertyId: 'cover', optionId: 'D400' }, { propertyId: 'frame', optionId: 'cast' }]} />, testStore());
    fireEvent.click(screen.getByRole('radio', { name: 'B 125' }));
    expect(current()).toEqual([{ propertyId: 'cover', optionId: 'B125' }]);
  });

  it('a bool toggles its option; a non-optional bool with one required option is disabled (spec §5)', () => {
    renderWithStore(<Form initial={[]} />, testStore());
    const vent = screen.getByRole('checkbox', { name: /Lüftung/ }) as HTMLInputElement;
    fireEvent.click(vent);
    expect(current()).toContainEqual({ propertyId: 'vent', optionId: 'withVent' });
    fireEvent.click(vent);
    expect(current().some((o) => o.propertyId === 'vent')).toBe(false);
    const seal = screen.getByRole('checkbox', { name: /Dichtung/ }) as HTMLInputElement;
    expect(seal.disabled).toBe(true);
  });

  it('an amount never goes below 0 nor above its maximum', () => {
    renderWithStore(<Form initial={[]} />, testStore());
    const field = screen.getByRole('textbox', { name: 'Eimer' });
    fireEvent.change(field, { target: { value: '5' } });
    fireEvent.blur(field);
    expect(current()).toContainEqual({ propertyId: 'buckets', value: 2 });
    fireEvent.change(field, { target: { value: '0' } });
    fireEvent.blur(field);
    expect(current()).toContainEqual({ propertyId: 'buckets', value: 0 });
    const [decrease] = within(field.closest('.rp-number')!).getAllByRole('button');
    expect((decrease as HTMLButtonElement).disabled).toBe(true);
  });

  it('navigation and tree view choose one option each', () => {
    renderWithStore(<Form initial={[]} />, testStore());
    fireEvent.click(screen.getByRole('radio', { name: 'Schwer' }));
    expect(current()).toContainEqual({ propertyId: 'nav', optionId: 'n2' });
    fireEvent.click(screen.getByRole('row', { name: 'Sieb' }));
    expect(current()).toContainEqual({ propertyId: 'tree', optionId: 't2' });
  });
});

describe('ItemOptionsDialog (ventilation / shaft assembly)', () => {
  it('a throttle shaft: choosing the shaft type resets the shaft options to its defaults; apply commits the draft', () => {
    const onApply = vi.fn();
    renderWithStore(
      <ItemOptionsDialog isOpen itemType={itemType('SHAFT_C3_DROSSEL_150')} options={[]} propertySet={propertySet} onApply={onApply} onCancel={() => {}} />,
      testStore(),
    );
    fireEvent.click(screen.getByRole('radio', { name: 'Lochblende' }));
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    const options = onApply.mock.calls[0]![0] as SelectedOption[];
    expect(options).toContainEqual({ propertyId: 'shaft', optionId: 'perforated' });
    expect(options).toContainEqual({ propertyId: 'shaft.cover', optionId: 'B125' });
  });

  it('an inspection shaft shows its ventilation options; cancel changes nothing', () => {
    const onApply = vi.fn();
    const onCancel = vi.fn();
    renderWithStore(<ItemOptionsDialog isOpen itemType={itemType('SHAFT_C3_X_100')} options={[]} propertySet={propertySet} onApply={onApply} onCancel={onCancel} />, testStore());
    expect(screen.getByRole('heading', { name: 'Lüftungsoptionen' })).toBeTruthy();
    fireEvent.click(screen.getByRole('checkbox', { name: /Lüftungsaufsatz/ }));
    fireEvent.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(onCancel).toHaveBeenCalled();
    expect(onApply).not.toHaveBeenCalled();
  });

  it('is titled by what it edits: a box, an inspection shaft, a throttle shaft (issue 27)', () => {
    expect(optionsTitleKey(itemType('BOX_FULL'))).toBe('itemOptions.boxTitle');
    expect(optionsTitleKey(itemType('SHAFT_C3_X_100'))).toBe('itemOptions.ventilationTitle');
    expect(optionsTitleKey(itemType('SHAFT_C3_DROSSEL_150'))).toBe('itemOptions.shaftTitle');
    renderWithStore(<ItemOptionsDialog isOpen itemType={itemType('BOX_FULL')} options={[]} propertySet={propertySet} onApply={() => {}} onCancel={() => {}} />, testStore());
    expect(screen.getByRole('heading', { name: 'Optionen der Box' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Lüftungsoptionen' })).toBeNull();
  });

  it('empty states noVentilationOptionsAvailable and noShaftConfigurationOptionsAvailable', () => {
    const store = testStore();
    const { propertySetId: _unused, ...bare } = itemType('SHAFT_C3_X_100')!;
    const { unmount } = renderWithStore(<ItemOptionsDialog isOpen itemType={bare} options={[]} propertySet={propertySet} onApply={() => {}} onCancel={() => {}} />, store);
    expect(screen.getByTestId('item-options-empty').textContent).toMatch(/keine Lüftungsoptionen/);
    expect(screen.queryByRole('button', { name: 'Übernehmen' })).toBeNull();
    unmount();
    const throttle = { ...itemType('SHAFT_C3_DROSSEL_100')!, shaftConfiguration: { shaftTypes: [] } };
    renderWithStore(<ItemOptionsDialog isOpen itemType={throttle} options={[]} propertySet={() => undefined} onApply={() => {}} onCancel={() => {}} />, store);
    expect(screen.getByTestId('item-options-empty').textContent).toMatch(/keine Lüftungsoptionen|keine Ausstattungsoptionen/);
  });
});

describe('ConnectionDialog and plants', () => {
  it('names the compass side each cube side faces after rotation', () => {
    expect(compassOfSide('front', 'North')).toBe('N');
    expect(compassOfSide('front', 'West')).toBe('W');
    expect(compassOfSide('left', 'South')).toBe('E');
    expect(compassOfSide('right', 'East')).toBe('S');
  });

  it('offers only plants that fit the side (maxPipeDiameter)', () => {
    expect(plantsForSide(plants, 250).map((p) => p.diameterMm)).toEqual([110, 160, 200, 250]);
    expect(plantsForSide(plants, undefined).length).toBe(plants.length);
  });

  it('chooses a plant for a side, sets the connection height and applies', () => {
    const onApply = vi.fn();
    renderWithStore(
      <ConnectionDialog isOpen itemType={itemType('BOX_FULL')} rotation="North" options={[]} propertySet={propertySet} plants={plants} onApply={onApply} onCancel={() => {}} />,
      testStore(),
    );
    const slot = screen.getByTestId('plant-slot-front-1');
    fireEvent.click(within(slot).getByRole('button', { name: 'Anlage wählen' }));
    fireEvent.click(screen.getByRole('radio', { name: 'Rohranschluss DN 160' }));
    fireEvent.click(screen.getByRole('button', { name: 'Wählen' }));
    expect(screen.getByTestId('plant-slot-front-1').textContent).toContain('DN 160');
    const height = screen.getByRole('textbox', { name: /Anschlusshöhe/ });
    fireEvent.change(height, { target: { value: '200' } });
    fireEvent.blur(height);
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    const options = onApply.mock.calls[0]![0] as SelectedOption[];
    expect(options).toContainEqual({ propertyId: 'side.front.plant1', value: 'PIPE_DN160' });
    expect(options).toContainEqual({ propertyId: 'side.front.height', value: 200 });
  });

  it('plant selection refuses to continue without a choice, with a message', () => {
    const onChoose = vi.fn();
    renderWithStore(<PlantSelectionDialog isOpen plants={plants} onChoose={onChoose} onCancel={() => {}} />, testStore());
    fireEvent.click(screen.getByRole('button', { name: 'Wählen' }));
    expect(onChoose).not.toHaveBeenCalled();
    expect(screen.getByText('Bitte eine Anlage wählen.')).toBeTruthy();
  });

  it('removes a plant with its options', () => {
    const onApply = vi.fn();
    renderWithStore(
      <ConnectionDialog
        isOpen
        itemType={itemType('BOX_FULL')}
        rotation="North"
        options={[{ propertyId: 'side.back.plant1', value: 'PIPE_DN110' }, { propertyId: 'side.back.plant1.seal', optionId: 'withSeal' }]}
        propertySet={propertySet}
        plants={plants}
        initialSide="back"
        onApply={onApply}
        onCancel={() => {}}
      />,
      testStore(),
    );
    fireEvent.click(within(screen.getByTestId('plant-slot-back-1')).getByRole('button', { name: 'Entfernen' }));
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(onApply.mock.calls[0]![0]).toEqual([]);
  });

  it('noConnectionPossible on covered sides and for items without cube sides', () => {
    const store = testStore();
    const { unmount } = renderWithStore(
      <ConnectionDialog isOpen itemType={itemType('BOX_FULL')} rotation="North" options={[]} propertySet={propertySet} plants={plants} blockedSides={['front']} onApply={() => {}} onCancel={() => {}} />,
      store,
    );
    expect(screen.getByTestId('no-connection-front')).toBeTruthy();
    unmount();
    renderWithStore(<ConnectionDialog isOpen itemType={itemType('SHAFT_C3_X_100')} rotation="North" options={[]} propertySet={propertySet} plants={plants} onApply={() => {}} onCancel={() => {}} />, store);
    expect(screen.getByTestId('no-connection').textContent).toMatch(/kein Anschluss möglich/);
    expect(screen.queryByRole('button', { name: 'Übernehmen' })).toBeNull();
  });

  it('plant configuration edits the plant options under its prefix', async () => {
    const onApply = vi.fn();
    renderWithStore(
      <ConnectionDialog
        isOpen
        itemType={itemType('BOX_FULL')}
        rotation="East"
        options={[{ propertyId: 'side.left.plant2', value: 'PIPE_DN200' }]}
        propertySet={propertySet}
        plants={plants}
        initialSide="left"
        onApply={onApply}
        onCancel={() => {}}
      />,
      testStore(),
    );
    fireEvent.click(within(screen.getByTestId('plant-slot-left-2')).getByRole('button', { name: 'Konfigurieren' }));
    fireEvent.click(screen.getByRole('checkbox', { name: /Dichtungsset/ }));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Übernehmen' }));
    expect(onApply.mock.calls[0]![0]).toContainEqual({ propertyId: 'side.left.plant2.seal', optionId: 'withSeal' });
  });
});
