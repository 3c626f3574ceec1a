/**
 * The read-only view of a shared project (/share/{token}; public, no account; issue 19, part 3;
 * decision 0138): project data, sealed surfaces, assessments (purifications), every measure's
 * results and the open issues, evaluated by the engine in the worker from the shared project
 * file; downloads of the documents. Nothing is editable and nothing links into the planner. An
 * unknown, revoked or expired link shows a page that says so and what to do.
 */
import type { Evaluation, Issue, Measure, SealedSurface } from '@rainplan/engine';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SharedProject as Shared } from '../../api/shareTypes.ts';
import { Button } from '../../components/Button.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { FIGURE_DECIMALS, figure, measureInputFigures, measureResultFigures, type FigureRow } from '../../dimensioning/ui/measureFigures.ts';
import { issueText } from '../../dimensioning/ui/Issues.tsx';
import { measureVerdict } from '../dimensioning/DimensioningOverview.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatDateTime } from '../../share/ShareDialog.tsx';
import { downloadSharedMassList, downloadSharedReport, downloadSharedServiceCatalogue, prepareSharedReport } from '../../share/downloads.ts';
import '../../dimensioning/ui/dimensioning.css';
import '../../share/share.css';
import { GroundwaterClearanceResult, GroundwaterSummary } from '../../dimensioning/ui/GroundwaterClearance.tsx';

export const Component = observer(function SharedProject() {
  const { t } = useTranslation('share');
  const { sharedView } = useStores();
  const { token = '' } = useParams();

  useEffect(() => {
    void sharedView.open(token);
    return () => sharedView.close();
  }, [sharedView, token]);

  const status = sharedView.token === token ? sharedView.status : 'loading';
  if (status === 'idle' || status === 'loading') {
    return (
      <div className="rp-shared" aria-busy="true">
        <p role="status">{t('view.loading')}</p>
      </div>
    );
  }
  if (status !== 'loaded' || sharedView.shared === undefined) {
    return (
      <div className="rp-shared-ended" data-testid="share-unavailable" data-status={status}>
        <h1>{t(`unavailable.${status}.title`)}</h1>
        <p>{t(`unavailable.${status}.text`)}</p>
        {(status === 'failed' || status === 'tooMany') && <Button onPress={() => void sharedView.open(token)}>{t('common:actions.retry')}</Button>}
      </div>
    );
  }
  return <SharedView shared={sharedView.shared} evaluation={sharedView.evaluation} evaluationFailed={sharedView.evaluationFailed} />;
});

function SharedView({ shared, evaluation, evaluationFailed }: { shared: Shared; evaluation: Evaluation | undefined; evaluationFailed: boolean }) {
  const { t, i18n } = useTranslation('share');
  const { t: d } = useTranslation('dimensioning');
  const lang = i18n.language;
  const { project, link, file } = shared;
  const client = project.clientData ?? {};
  const clientText = [client['name'], [client['street'], client['streetNo']].filter(Boolean).join(' '), [client['zipCode'], client['city']].filter(Boolean).join(' ')]
    .filter((part) => typeof part === 'string' && part !== '')
    .join(', ');
  const rain = evaluation?.rainDataset;
  const rainText = rain == null ? d('measure.noRainData') : `${d(`rainEdition.${rain.edition}`, { defaultValue: rain.edition })}${rain.cell == null ? '' : ` (${rain.cell})`}`;
  const nodeName = (id: string | null | undefined) => {
    if (id == null) return d('drain.none');
    const node = [...file.waterflow.sealedSurfaces, ...file.waterflow.purifications, ...file.waterflow.measures].find((n) => n.id === id);
    return node?.name ?? id;
  };
  const surfaces = new Map<string, SealedSurface>(file.waterflow.sealedSurfaces.map((s) => [s.id, s]));
  const measures = new Map<string, Measure>(file.waterflow.measures.map((m) => [m.id, m]));
  const issues: readonly Issue[] = evaluation?.issues ?? [];

  return (
    <article className="rp-shared" aria-labelledby="shared-title">
      <header>
        <p className="rp-shared__banner" data-testid="share-banner">
          {t('view.banner')}
          {link.expiresAt !== null && <> {t('view.validUntil', { date: formatDateTime(link.expiresAt, lang) })}</>}
        </p>
        <h1 id="shared-title" data-testid="shared-name">
          {project.name}
        </h1>
      </header>

      <section aria-labelledby="shared-project-heading">
        <h2 id="shared-project-heading">{t('view.projectHeading')}</h2>
        <dl className="rp-shared__facts">
          <dt>{t('view.address')}</dt>
          <dd>{project.location?.address ?? d('project.noAddress')}</dd>
          {project.location !== null && (
            <>
              <dt>{t('view.coordinates')}</dt>
              <dd>
                {formatNumber(project.location.latitude, lang, 5)}, {formatNumber(project.location.longitude, lang, 5)}
              </dd>
            </>
          )}
          {clientText !== '' && (
            <>
              <dt>{t('view.client')}</dt>
              <dd>{clientText}</dd>
            </>
          )}
          <dt>{t('view.airPollution')}</dt>
          <dd>{project.airPollution === null ? d('airPollution.none') : d(`airPollution.${project.airPollution}`)}</dd>
          <dt>{t('view.ruleEdition')}</dt>
          <dd>{project.ruleEdition}</dd>
          <dt>{t('view.rainData')}</dt>
          <dd data-testid="shared-rain">{project.usesCustomRaindata ? d('rainEdition.custom') : rainText}</dd>
          {project.comment !== null && project.comment !== '' && (
            <>
              <dt>{t('view.comment')}</dt>
              <dd>{project.comment}</dd>
            </>
          )}
          <dt>{t('view.created')}</dt>
          <dd>{formatDateTime(project.creationDate, lang)}</dd>
        </dl>
      </section>

      {evaluationFailed && (
        <p role="alert" className="rp-field__error">
          {t('view.evaluationFailed')}
        </p>
      )}
      {evaluation === undefined && !evaluationFailed && <p role="status">{t('view.evaluating')}</p>}

      <section aria-labelledby="shared-surfaces-heading">
        <h2 id="shared-surfaces-heading">{t('view.surfacesHeading')}</h2>
        <div className="rp-shared__table-wrap" role="region" aria-labelledby="shared-surfaces-heading" tabIndex={0}>
          <table data-testid="shared-surfaces">
            <thead>
              <tr>
                <th scope="col">{d('surface.name')}</th>
                <th scope="col">{d('surface.area')}</th>
                <th scope="col">{d('surface.runoff')}</th>
                <th scope="col">{d('surface.cm')}</th>
                <th scope="col">{d('surface.AC')}</th>
                <th scope="col">{t('view.drainsInto')}</th>
              </tr>
            </thead>
            <tbody>
              {(evaluation?.sealedSurfaces ?? file.waterflow.sealedSurfaces.map((s) => ({ id: s.id, name: s.name, areaM2: s.value ?? undefined, AC: undefined, parentId: s.parentId ?? null }))).map((s) => {
                const node = surfaces.get(s.id);
                const runoff = node?.data?.runoff;
                return (
                  <tr key={s.id}>
                    <th scope="row">{s.name}</th>
                    <td className="rp-num">{formatNumber(s.areaM2, lang)}</td>
                    <td>{runoff === undefined ? '---' : d(`runoff.${runoff}`)}</td>
                    <td className="rp-num">{formatNumber(node?.data?.cm, lang)}</td>
                    <td className="rp-num">{formatNumber(s.AC, lang)}</td>
                    <td>{nodeName(s.parentId)}</td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
        {evaluation !== undefined && <p>{d('overview.totals', { area: formatNumber(evaluation.summary.totalAreaM2, lang), ac: formatNumber(evaluation.summary.totalACM2, lang) })}</p>}
      </section>

      <section aria-labelledby="shared-purifications-heading">
        <h2 id="shared-purifications-heading">{t('view.purificationsHeading')}</h2>
        {file.waterflow.purifications.length === 0 ? (
          <p>{d('overview.noPurifications')}</p>
        ) : (
          <div className="rp-shared__table-wrap" role="region" aria-labelledby="shared-purifications-heading" tabIndex={0}>
            <table data-testid="shared-purifications">
              <thead>
                <tr>
                  <th scope="col">{d('overview.name')}</th>
                  <th scope="col">{t('view.regulation')}</th>
                  <th scope="col">{d('overview.value')}</th>
                  <th scope="col">{d('overview.assessment')}</th>
                  <th scope="col">{t('view.drainsInto')}</th>
                </tr>
              </thead>
              <tbody>
                {(evaluation?.purifications ?? []).map((p) => {
                  const state = p.passing === undefined ? 'notAssessed' : p.passing ? 'passing' : 'notPassing';
                  return (
                    <tr key={p.id} data-verdict={state}>
                      <th scope="row">{p.name}</th>
                      <td>{p.regulation ?? '---'}</td>
                      <td className="rp-num">{formatNumber(p.value, lang)}</td>
                      <td className={`rp-verdict rp-verdict--${state}`}>{d(`overview.${state}`)}</td>
                      <td>{nodeName(file.waterflow.purifications.find((n) => n.id === p.id)?.parentId)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <section aria-labelledby="shared-measures-heading">
        <h2 id="shared-measures-heading">{t('view.measuresHeading')}</h2>
        <GroundwaterSummary counts={evaluation?.summary.groundwaterClearance} testId="shared-groundwater" />
        {file.waterflow.measures.length === 0 ? (
          <p>{d('overview.noMeasures')}</p>
        ) : (
          <div className="rp-shared__table-wrap" role="region" aria-labelledby="shared-measures-heading" tabIndex={0}>
            <table data-testid="shared-measures">
              <thead>
                <tr>
                  <th scope="col">{d('overview.name')}</th>
                  <th scope="col">{t('view.kind')}</th>
                  <th scope="col">{d('measure.AC')}</th>
                  <th scope="col">{d('measure.requiredVolume')}</th>
                  <th scope="col">{d('measure.availableVolume')}</th>
                  <th scope="col">{d('measure.duration')}</th>
                  <th scope="col">{d('measure.drainingTime')}</th>
                  <th scope="col">{d('measure.floodingVolume')}</th>
                  <th scope="col">{d('overview.state')}</th>
                </tr>
              </thead>
              <tbody>
                {(evaluation?.measures ?? []).map((m) => {
                  const verdict = measureVerdict(m.requiredVolume, m.value, m.partsSufficient);
                  const data = measures.get(m.id)?.data ?? m.data;
                  const variant = data.installationVariant;
                  const target = data.installationTarget;
                  const kind = [target === undefined ? undefined : d(`target.${target}`), variant === undefined ? undefined : d(`variant.${variant}`)].filter(Boolean).join(' · ');
                  const figures = new Map(measureResultFigures(m, m.data, lang, d).map((f) => [f.key, f.value]));
                  const band = m.uncertaintyBand;
                  const information = floodingForInformation(m);
                  return (
                    <tr key={m.id} data-verdict={verdict}>
                      <th scope="row">{m.name}</th>
                      <td>{kind === '' ? '---' : kind}</td>
                      <td className="rp-num">{figure(m.AC, lang, FIGURE_DECIMALS.area)}</td>
                      <td className="rp-num" data-testid="shared-required">
                        {figures.get('required')}
                        {band !== null && band.lower.requiredVolumeM3 !== undefined && band.upper.requiredVolumeM3 !== undefined && (
                          <>
                            <br />
                            <span className="rp-muted">{t('view.band', { lower: figure(band.lower.requiredVolumeM3, lang, FIGURE_DECIMALS.volume), upper: figure(band.upper.requiredVolumeM3, lang, FIGURE_DECIMALS.volume) })}</span>
                          </>
                        )}
                      </td>
                      <td className="rp-num">{figures.get('available')}</td>
                      <td className="rp-num">{figures.get('duration')}</td>
                      <td className="rp-num">{figures.get('drainingTime')}</td>
                      <td className="rp-num" data-testid="shared-flooding">
                        {figures.get('flooding') ?? figure(m.data.floodingVolume, lang, FIGURE_DECIMALS.volume)}
                        {information && (
                          <>
                            <br />
                            <span className="rp-muted">{t('view.floodingInformation')}</span>
                          </>
                        )}
                      </td>
                      <td className={`rp-verdict rp-verdict--${verdict}`} data-testid="shared-verdict">
                        {d(`overview.${verdict}`)}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        )}
        {(evaluation?.measures ?? []).map((m, index) => (
          <section key={m.id} className="rp-shared__measure" aria-labelledby={`shared-measure-${index}`} data-testid="shared-measure">
            <h3 id={`shared-measure-${index}`}>{m.name}</h3>
            <div className="rp-shared__figures">
              <FigureList title={t('view.designInputs')} rows={measureInputFigures(m.data, lang, d)} testId="shared-inputs" />
              <FigureList title={t('view.results')} rows={informationLabels(measureResultFigures(m, m.data, lang, d), floodingForInformation(m), t('view.floodingInformation'))} testId="shared-results" />
            </div>
            <GroundwaterClearanceResult result={m} />
          </section>
        ))}
      </section>

      <section aria-labelledby="shared-issues-heading">
        <h2 id="shared-issues-heading">{d('overview.issuesHeading')}</h2>
        {issues.length === 0 ? (
          <p>{d('overview.noIssues')}</p>
        ) : (
          <ul className="rp-issues" data-testid="shared-issues">
            {issues.map((issue, i) => (
              <li key={`${issue.nodeId ?? ''}-${issue.code}-${i}`} className={`rp-issue rp-issue--${issue.severity}`} data-code={issue.code}>
                {issue.nodeId === null ? d('overview.projectIssue') : nodeName(issue.nodeId)}: {issueText(d as never, issue)}
              </li>
            ))}
          </ul>
        )}
      </section>

      <Downloads shared={shared} />

      {evaluation !== undefined && (
        <p className="rp-basis" data-testid="shared-basis">
          {d('measure.basis', { edition: evaluation.ruleEdition, rain: rainText })} · {t('view.engine', { version: evaluation.engineVersion })}
        </p>
      )}
    </article>
  );
}

/**
 * A flooding volume the planner had calculated with the flooding verification off (calculate
 * flooding, decision 0216): shown, and marked as information — there is no verdict on it.
 */
function floodingForInformation(m: Evaluation['measures'][number]): boolean {
  return !m.floodingVerification && typeof m.data.floodingVolume === 'number' && Number.isFinite(m.data.floodingVolume);
}

/** The flooding rows' labels with "(for information)" when the volume is information only. */
function informationLabels(rows: readonly FigureRow[], information: boolean, note: string): FigureRow[] {
  return rows.map((row) => (information && (row.key === 'flooding' || row.key === 'extra') ? { ...row, label: `${row.label} (${note})` } : row));
}

/** A titled list of labelled figures (a measure's inputs or results). */
function FigureList({ title, rows, testId }: { title: string; rows: readonly FigureRow[]; testId: string }) {
  return (
    <div data-testid={testId}>
      <h4>{title}</h4>
      <dl className="rp-shared__facts">
        {rows.map((row) => (
          <div key={row.key} style={{ display: 'contents' }} data-figure={row.key}>
            <dt>{row.label}</dt>
            <dd>{row.value}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

const Downloads = observer(function Downloads({ shared }: { shared: Shared }) {
  const { t, i18n } = useTranslation('share');
  const store = useStores();
  const [busy, setBusy] = useState<string | undefined>(undefined);
  const [failed, setFailed] = useState<string | undefined>(undefined);
  // the documents worker makes the report while the visitor reads the view; a click takes it
  useEffect(() => {
    void prepareSharedReport(store.sharedView, shared, i18n.language);
  }, [store.sharedView, shared, i18n.language]);
  const run = async (id: string, fn: () => Promise<void>) => {
    setBusy(id);
    setFailed(undefined);
    try {
      await fn();
    } catch (error) {
      console.error(`download ${id} failed`, error);
      setFailed(id);
    } finally {
      setBusy(undefined);
    }
  };
  return (
    <section aria-labelledby="shared-downloads-heading">
      <h2 id="shared-downloads-heading">{t('view.downloadsHeading')}</h2>
      <div className="rp-shared__downloads">
        <Button variant="secondary" isDisabled={busy !== undefined} onPress={() => void run('report', () => downloadSharedReport(store.sharedView, shared, i18n.language, t('view.reportFile')))}>
          {t('view.downloadReport')}
        </Button>
        <Button variant="secondary" isDisabled={busy !== undefined} onPress={() => void run('massListXlsx', () => downloadSharedMassList(store.sharedView, shared, i18n.language, 'xlsx'))}>
          {t('view.downloadMassList')}
        </Button>
        <Button variant="secondary" isDisabled={busy !== undefined} onPress={() => void run('massListPdf', () => downloadSharedMassList(store.sharedView, shared, i18n.language, 'pdf'))}>
          {t('view.downloadMassListPdf')}
        </Button>
        <Button variant="secondary" isDisabled={busy !== undefined} onPress={() => void run('gaebX81', () => downloadSharedServiceCatalogue(store.sharedView, shared, 'GaebX81', t('view.serviceCatalogueFile')))}>
          {t('view.downloadServiceCatalogue')}
        </Button>
        <Button variant="secondary" isDisabled={busy !== undefined} onPress={() => void run('gaebX82', () => downloadSharedServiceCatalogue(store.sharedView, shared, 'GaebX82', t('view.serviceCatalogueWithPricesFile')))}>
          {t('view.downloadServiceCatalogueWithPrices')}
        </Button>
      </div>
      {busy !== undefined && <p role="status">{t('view.preparing')}</p>}
      {failed !== undefined && (
        <p role="alert" className="rp-field__error">
          {t('view.downloadFailed')}
        </p>
      )}
    </section>
  );
});
