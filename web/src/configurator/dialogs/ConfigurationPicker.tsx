/**
 * The configuration dropdown with its add button (planning spec §2 "Box configurator"), plus
 * rename and delete of the chosen configuration. Without configurations it shows the empty
 * state createDialog.noConfigs and offers only "add".
 */
import './dialogs.css';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/Button.tsx';
import { Select } from '../../components/Select.tsx';

export interface ConfigurationEntry {
  readonly id: string;
  readonly name: string;
}

export interface ConfigurationPickerProps {
  readonly configurations: readonly ConfigurationEntry[];
  readonly selectedId: string | null;
  readonly onSelect: (id: string) => void;
  readonly onAdd: () => void;
  readonly onRename: () => void;
  readonly onDelete: () => void;
  readonly isDisabled?: boolean;
}

export function ConfigurationPicker({ configurations, selectedId, onSelect, onAdd, onRename, onDelete, isDisabled = false }: ConfigurationPickerProps) {
  const { t } = useTranslation('configurator');
  const empty = configurations.length === 0;
  return (
    <div className="rp-config-picker" data-testid="configuration-picker">
      {empty ? (
        <p className="rp-hint" data-testid="no-configurations">
          {t('createDialog.noConfigs')}
        </p>
      ) : (
        <Select
          label={t('picker.label')}
          options={configurations.map((c) => ({ id: c.id, label: c.name }))}
          value={selectedId}
          onChange={onSelect}
          isDisabled={isDisabled}
          className="rp-config-picker__select"
        />
      )}
      <Button variant={empty ? 'primary' : 'secondary'} onPress={onAdd} isDisabled={isDisabled} aria-label={t('picker.add')} data-testid="add-configuration">
        {empty ? t('picker.add') : '+'}
      </Button>
      {!empty && (
        <>
          <Button variant="ghost" onPress={onRename} isDisabled={isDisabled || selectedId === null}>
            {t('picker.rename')}
          </Button>
          <Button variant="ghost" onPress={onDelete} isDisabled={isDisabled || selectedId === null}>
            {t('picker.delete')}
          </Button>
        </>
      )}
    </div>
  );
}
