/**
 * Dimensioning default view (/project/{projectId}/dimensioning, tab "Übersicht"/"Summary"): the
 * project's result summary (issue 14.4): every measure with required and available volume and
 * whether it suffices, every purification's assessment, the open issues, each linked to its
 * element; the totals and the rule basis. The flow overview sits beside it. Every value is the
 * engine's evaluation (store.waterflow); nothing is computed here.
 */
import type { Issue, NodeKind } from '@rainplan/engine';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useStores } from '../../stores/StoreContext.tsx';
import { UncertaintyBandText } from '../../dimensioning/ui/UncertaintyBand.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { issueText } from '../../dimensioning/ui/Issues.tsx';
import { ResultBasis } from '../../dimensioning/ui/ResultBasis.tsx';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';
import { GroundwaterSummary } from '../../dimensioning/ui/GroundwaterClearance.tsx';

/** A measure suffices when its available volume covers the required one (and each part its own). */
export function measureVerdict(required: number | undefined, available: number | undefined, partsSufficient: boolean | undefined): 'pass' | 'fail' | 'notSized' {
  if (required === undefined || !Number.isFinite(required) || available === undefined || !Number.isFinite(available)) return 'notSized';
  return available >= required && partsSufficient !== false ? 'pass' : 'fail';
}

function NodeLink({ kind, id, name }: { kind: NodeKind; id: string; name: string }) {
  const nav = useDimensioningNavigation();
  return (
    <button type="button" className="rp-link-button" onClick={() => void nav.open(kind, id)}>
      {name}
    </button>
  );
}

export const Component = observer(function DimensioningOverview() {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const lang = i18n.language;
  const evaluation = waterflow.evaluation;
  const summary = evaluation?.summary;
  const { done, total } = waterflow.completion;
  const kindOf = (id: string | null): NodeKind | undefined =>
    id === null ? undefined : waterflow.surface(id) !== undefined ? 'surface' : waterflow.purification(id) !== undefined ? 'purification' : waterflow.measure(id) !== undefined ? 'measure' : undefined;
  const nameOf = (id: string) => (waterflow.surface(id) ?? waterflow.purification(id) ?? waterflow.measure(id))?.name ?? id;
  const issues: readonly Issue[] = evaluation?.issues ?? [];
  // surfaces and purifications that drain into nothing are open points too (decision 0082)
  const unassigned = [
    ...waterflow.waterflow.sealedSurfaces.filter((s) => s.parentId == null).map((s) => ({ kind: 'surface' as const, id: s.id, name: s.name })),
    ...waterflow.waterflow.purifications.filter((p) => p.parentId == null).map((p) => ({ kind: 'purification' as const, id: p.id, name: p.name })),
  ];
  return (
    <section className="rp-editor rp-overview" aria-labelledby="dimensioning-overview-title">
      <h1 id="dimensioning-overview-title">{t('overview.heading')}</h1>
      <p>{t('overview.intro')}</p>
      <p data-testid="overview-totals">{t('overview.totals', { area: formatNumber(summary?.totalAreaM2, lang), ac: formatNumber(summary?.totalACM2, lang) })}</p>
      <p data-testid="overview-progress">{t('overview.progress', { done, total })}</p>
      <GroundwaterSummary counts={summary?.groundwaterClearance} testId="overview-groundwater" />

      <h2>{t('overview.measuresHeading')}</h2>
      {(evaluation?.measures.length ?? 0) === 0 ? (
        <p>{t('overview.noMeasures')}</p>
      ) : (
        <table className="rp-overview__table" data-testid="overview-measures">
          <thead>
            <tr>
              <th scope="col">{t('overview.name')}</th>
              <th scope="col">{t('overview.volumes')}</th>
              <th scope="col">{t('overview.state')}</th>
            </tr>
          </thead>
          <tbody>
            {evaluation?.measures.map((m) => {
              const verdict = measureVerdict(m.requiredVolume, m.value, m.partsSufficient);
              return (
                <tr key={m.id} data-verdict={verdict}>
                  <th scope="row">
                    <NodeLink kind="measure" id={m.id} name={m.name} />
                  </th>
                  <td>
                    {formatNumber(m.requiredVolume, lang)} / {formatNumber(m.value, lang)}
                    {Number.isFinite(m.data.floodingVolume ?? Number.NaN) && (
                      <>
                        {' · '}
                        {t('overview.floodingVolume')} {formatNumber(m.data.floodingVolume, lang)}
                      </>
                    )}
                    {m.uncertaintyBand !== null && (
                      <div>
                        <UncertaintyBandText result={m} compact />
                      </div>
                    )}
                  </td>
                  <td className={`rp-verdict rp-verdict--${verdict}`}>{t(`overview.${verdict}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <h2>{t('overview.purificationsHeading')}</h2>
      {(evaluation?.purifications.length ?? 0) === 0 ? (
        <p>{t('overview.noPurifications')}</p>
      ) : (
        <table className="rp-overview__table" data-testid="overview-purifications">
          <thead>
            <tr>
              <th scope="col">{t('overview.name')}</th>
              <th scope="col">{t('overview.value')}</th>
              <th scope="col">{t('overview.assessment')}</th>
            </tr>
          </thead>
          <tbody>
            {evaluation?.purifications.map((p) => {
              const state = p.passing === undefined ? 'notAssessed' : p.passing ? 'passing' : 'notPassing';
              return (
                <tr key={p.id} data-verdict={state}>
                  <th scope="row">
                    <NodeLink kind="purification" id={p.id} name={p.name} />
                  </th>
                  <td>
                    {p.regulation ?? ''} {formatNumber(p.value, lang)}
                  </td>
                  <td className={`rp-verdict rp-verdict--${state}`}>{t(`overview.${state}`)}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      <h2>{t('overview.issuesHeading')}</h2>
      {issues.length === 0 && unassigned.length === 0 ? (
        <p>{t('overview.noIssues')}</p>
      ) : (
        <ul className="rp-issues" data-testid="overview-issues">
          {unassigned.map((node) => (
            <li key={`unassigned-${node.id}`} className="rp-issue rp-issue--warning" data-code="UNASSIGNED">
              <NodeLink kind={node.kind} id={node.id} name={node.name} />: {t('overview.drainsNowhere')}
            </li>
          ))}
          {issues.map((issue, i) => {
            const kind = kindOf(issue.nodeId);
            return (
              <li key={`${issue.nodeId ?? ''}-${issue.code}-${issue.field ?? ''}-${i}`} className={`rp-issue rp-issue--${issue.severity}`} data-code={issue.code}>
                {kind === undefined || issue.nodeId === null ? t('overview.projectIssue') : <NodeLink kind={kind} id={issue.nodeId} name={nameOf(issue.nodeId)} />}: {issueText(t as never, issue)}
              </li>
            );
          })}
        </ul>
      )}
      <ResultBasis />
    </section>
  );
});
