/**
 * The configurator's toolbar (spec §2): the tools (select, draw, erase, fill layer, fill
 * horizontally / vertically, erase horizontally / vertically, edit and delete projection axes),
 * undo / redo, the item types (box and shaft tabs) and the toggles (projection axes, fullscreen,
 * perspective, gravity in debug mode with perspective only). Tools are a radio group: one
 * click selects one tool; in perspective mode they are disabled (spec §4).
 */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { Radio, RadioGroup, Tab, TabList, TabPanel, Tabs, ToggleButton } from 'react-aria-components';
import { Button } from '../components/Button.tsx';
import { TOOLS, type ConfiguratorStore, type Tool } from './ConfiguratorStore.ts';
import { localized } from './dialogs/labels.ts';

const TOOL_SYMBOLS: Record<Tool, string> = {
  select: '⬚',
  draw: '✎',
  erase: '⌫',
  fillLayer: '▦',
  fillHorizontal: '⇹',
  fillVertical: '⇕',
  eraseHorizontal: '⇤',
  eraseVertical: '⤒',
  editAxes: '┼',
  deleteAxes: '✕',
};

/** Puts the keyboard focus on the configurator's grid (its canvas), scrolled into view. */
export function focusGrid(): void {
  const canvas = document.querySelector<HTMLCanvasElement>('[data-testid="configurator-canvas"]');
  canvas?.scrollIntoView({ block: 'nearest' });
  canvas?.focus({ preventScroll: true });
}

export const Toolbar = observer(function Toolbar({ store }: { store: ConfiguratorStore }) {
  const { t } = useTranslation('configurator');
  // hasGrid, canUndo, canRedo: booleans, so an edit does not re-render the toolbar (decision 0151)
  const disabled = !store.hasGrid;
  return (
    <div className="rp-cfg-toolbar" role="toolbar" aria-label={t('toolbar.label')} data-testid="configurator-toolbar">
      <RadioGroup
        className="rp-cfg-toolbar__tools"
        aria-label={t('toolbar.tools')}
        orientation="horizontal"
        value={store.tool}
        onChange={(value) => store.setTool(value as Tool)}
        isDisabled={disabled || store.perspective}
      >
        {TOOLS.map((tool) => (
          <Radio key={tool} value={tool} className="rp-cfg-tool" data-testid={`tool-${tool}`} aria-label={t(`toolbar.tool.${tool}`)}>
            <span aria-hidden="true" className="rp-cfg-tool__symbol">
              {TOOL_SYMBOLS[tool]}
            </span>
            <span className="rp-cfg-tool__label">{t(`toolbar.tool.${tool}`)}</span>
          </Radio>
        ))}
      </RadioGroup>
      {/* One Tab from the tool to the grid (issue 27): the tools are one stop (arrow keys choose), this link the next. */}
      <Button variant="secondary" className="rp-cfg-toolbar__to-grid" data-testid="to-grid" onPress={focusGrid}>
        {t('toolbar.toGrid')}
      </Button>
      {(store.tool === 'editAxes' || store.tool === 'deleteAxes') && (
        <RadioGroup
          className="rp-cfg-toolbar__axis"
          aria-label={t('toolbar.axisDirection')}
          orientation="horizontal"
          value={store.axisDirection}
          onChange={(value) => store.setAxisDirection(value === 'y' ? 'y' : 'x')}
        >
          <Radio value="x" className="rp-cfg-tool">
            {t('toolbar.axisX')}
          </Radio>
          <Radio value="y" className="rp-cfg-tool">
            {t('toolbar.axisY')}
          </Radio>
        </RadioGroup>
      )}
      <div className="rp-cfg-toolbar__group">
        <Button variant="secondary" onPress={() => store.undo()} isDisabled={!store.canUndo} data-testid="undo" aria-keyshortcuts="Control+Z">
          {t('toolbar.undo')}
        </Button>
        <Button variant="secondary" onPress={() => store.redo()} isDisabled={!store.canRedo} data-testid="redo" aria-keyshortcuts="Control+Y">
          {t('toolbar.redo')}
        </Button>
      </div>
      <div className="rp-cfg-toolbar__group">
        <ToggleButton className="rp-cfg-toggle" isSelected={store.showAxes} onChange={() => store.toggleAxes()} isDisabled={disabled} data-testid="toggle-axes">
          {t('toolbar.showAxes')}
        </ToggleButton>
        <ToggleButton className="rp-cfg-toggle" isSelected={store.fullscreen} onChange={() => store.toggleFullscreen()} data-testid="toggle-fullscreen">
          {t('toolbar.fullscreen')}
        </ToggleButton>
        <ToggleButton className="rp-cfg-toggle" isSelected={store.perspective} onChange={() => store.togglePerspective()} isDisabled={disabled} data-testid="toggle-perspective">
          {t('toolbar.perspective')}
        </ToggleButton>
        {store.debug && (
          <ToggleButton className="rp-cfg-toggle" isSelected={store.gravity} onChange={() => store.toggleGravity()} isDisabled={!store.perspective} data-testid="toggle-gravity">
            {t('toolbar.gravity')}
          </ToggleButton>
        )}
      </div>
    </div>
  );
});

/** The box and shaft item types as tabs, each a list to choose the type that drawing places. */
export const ItemTypeTabs = observer(function ItemTypeTabs({ store }: { store: ConfiguratorStore }) {
  const { t, i18n } = useTranslation('configurator');
  const groups = [
    { id: 'boxes', types: store.boxTypes },
    { id: 'shafts', types: store.shaftTypes },
  ] as const;
  const current = store.itemTypeId === undefined ? undefined : store.itemType(store.itemTypeId);
  return (
    <Tabs className="rp-cfg-types" defaultSelectedKey={current?.typeCustom === 'SHAFT' ? 'shafts' : 'boxes'}>
      <TabList aria-label={t('itemTypes.label')} className="rp-cfg-types__tabs">
        {groups.map((g) => (
          <Tab key={g.id} id={g.id} className="rp-cfg-types__tab">
            {t(`itemTypes.${g.id}`)}
          </Tab>
        ))}
      </TabList>
      {groups.map((g) => (
        <TabPanel key={g.id} id={g.id} className="rp-cfg-types__panel">
          <RadioGroup aria-label={t(`itemTypes.${g.id}`)} value={store.itemTypeId ?? null} onChange={(id) => store.setItemType(id)} className="rp-cfg-types__list">
            {g.types.map((type) => (
              <Radio key={type.businessId} value={type.businessId} className="rp-cfg-types__item" data-testid={`item-type-${type.businessId}`}>
                {localized({ name: type.businessId, label: type.label }, i18n.language, type.businessId)}
              </Radio>
            ))}
          </RadioGroup>
        </TabPanel>
      ))}
    </Tabs>
  );
});
