/** The rule edition and rain dataset the results were computed with (shown with every result). */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext.tsx';

export const ResultBasis = observer(function ResultBasis() {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const evaluation = waterflow.evaluation;
  const rain = evaluation?.rainDataset;
  const rainText = rain == null ? t('measure.noRainData') : `${t(`rainEdition.${rain.edition}`, { defaultValue: rain.edition })}${rain.cell === undefined || rain.cell === null ? '' : ` (${rain.cell})`}`;
  return (
    <p className="rp-basis" data-testid="result-basis">
      {t('measure.basis', { edition: evaluation?.ruleEdition ?? waterflow.ruleEdition ?? '---', rain: rainText })}
    </p>
  );
});
