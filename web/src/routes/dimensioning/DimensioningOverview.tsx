/** Dimensioning default view (/project/{projectId}/dimensioning): the project's totals and the rule basis; the flow overview sits beside it. Owner: engineer (c). */
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { ResultBasis } from '../../dimensioning/ui/ResultBasis.tsx';

export const Component = observer(function DimensioningOverview() {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const summary = waterflow.evaluation?.summary;
  const { done, total } = waterflow.completion;
  return (
    <section className="rp-editor" aria-labelledby="dimensioning-overview-title">
      <h1 id="dimensioning-overview-title">{t('overview.heading')}</h1>
      <p>{t('overview.intro')}</p>
      <p data-testid="overview-totals">{t('overview.totals', { area: formatNumber(summary?.totalAreaM2, i18n.language), ac: formatNumber(summary?.totalACM2, i18n.language) })}</p>
      <p>{t('overview.progress', { done, total })}</p>
      <ResultBasis />
    </section>
  );
});
