/**
 * Documents page (/project/{projectId}/documents; planning spec §2 "Documents page", §7
 * Documents). Appears once the project and its rain data are loaded. General documents: the
 * dimensioning report, the mass lists (plain, with prices, grouped by measure and by
 * configuration, grouped with prices) as Excel and PDF, and the service catalogue without and
 * with prices (GAEB DA XML X81 / X82, GAEB 90 D81 / D82). Per measure and per custom box
 * configuration: a mass list, a mass list with prices and the additional-products dialog. Each
 * download shows a spinner on its button and a progress dialog (creating the file, then the
 * download); a failure shows beside the document and as a notice (spec §7).
 */
import { observer } from 'mobx-react-lite';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { GroupBy } from '@rainplan/engine/bom';
import { Button } from '../../components/Button.tsx';
import { ProgressDialog } from '../../components/Dialog.tsx';
import type { GaebFileType } from '../../api/types.ts';
import { documentsStore, massListId, reasonText, type DocumentsStore, type MassListRequest, type MassListTarget } from '../../documents/DocumentsStore.ts';
import type { MassListFormat } from '../../documents/massListFiles.ts';
import { ConfigurationDrawings } from '../../documents/ConfigurationDrawings.tsx';
import { NewerPricesNotice } from '../../documents/NewerPricesNotice.tsx';
import type { ProductListOwner } from '../../documents/ProductListStore.ts';
import { projectBasePath } from '../../trial/trialIds.ts';
import { useStores } from '../../stores/StoreContext.tsx';
import '../../documents/documents.css';

const ProductListDialog = lazy(() => import('../../documents/ProductListDialog.tsx').then((m) => ({ default: m.ProductListDialog })));

/** The names of the box configurations linked to a measure (normally one). */
function linkedConfigurationNames(configurations: readonly Record<string, unknown>[], measureId: string): string[] {
  return configurations.filter((c) => c['measureId'] === measureId).map((c) => (typeof c['name'] === 'string' ? c['name'] : ''));
}

/** The general mass lists of the spec: plain, with prices, grouped (by measure, by configuration), grouped with prices. */
const GENERAL_LISTS: readonly { readonly key: string; readonly groupBy: GroupBy; readonly prices: boolean }[] = [
  { key: 'plain', groupBy: 'none', prices: false },
  { key: 'prices', groupBy: 'none', prices: true },
  { key: 'byMeasure', groupBy: 'measure', prices: false },
  { key: 'byConfiguration', groupBy: 'configuration', prices: false },
  { key: 'byMeasurePrices', groupBy: 'measure', prices: true },
  { key: 'byConfigurationPrices', groupBy: 'configuration', prices: true },
];

const SERVICE_CATALOGUES: readonly { readonly key: 'withoutPrices' | 'withPrices'; readonly types: readonly GaebFileType[] }[] = [
  { key: 'withoutPrices', types: ['GaebX81', 'Gaebd81'] },
  { key: 'withPrices', types: ['GaebX82', 'Gaebd82'] },
];

const FORMAT_LABEL: Readonly<Record<GaebFileType, string>> = { GaebX81: 'X81', GaebX82: 'X82', Gaebd81: 'D81', Gaebd82: 'D82' };

/** A download button: spinner while its document is made, disabled while another one runs. */
const DownloadButton = observer(function DownloadButton({ docs, id, label, accessibleName, onPress }: { docs: DocumentsStore; id: string; label: string; accessibleName: string; onPress: () => void }) {
  const running = docs.running?.id === id;
  return (
    <Button variant="secondary" className="rp-documents__download" aria-label={accessibleName} isDisabled={docs.busy} onPress={onPress} {...(running ? { 'aria-busy': true } : {})}>
      {running && <span className="rp-spinner" aria-hidden="true" />}
      {label}
    </Button>
  );
});

/** The failure of a document, beside it, with a way forward (try again). */
const Failure = observer(function Failure({ docs, ids, retry }: { docs: DocumentsStore; ids: readonly string[]; retry?: () => void }) {
  const { t } = useTranslation('documents');
  const failure = docs.failure;
  if (failure === undefined || !ids.includes(failure.id)) return null;
  return (
    <p className="rp-documents__failure" role="alert">
      {t('download.failed', { reason: reasonText(t, failure.message) })}{' '}
      {retry !== undefined && (
        <Button variant="ghost" onPress={retry}>
          {t('download.retry')}
        </Button>
      )}
      <Button variant="ghost" onPress={() => docs.dismissFailure()}>
        {t('download.dismiss')}
      </Button>
    </p>
  );
});

function MassListButtons({ docs, target, prices, title, download }: { docs: DocumentsStore; target: MassListTarget; prices: boolean; title: string; download: (request: MassListRequest) => void }) {
  const { t } = useTranslation('documents');
  const formats: readonly MassListFormat[] = ['xlsx', 'pdf'];
  const requests = formats.map((format) => ({ target, prices, format }));
  return (
    <>
      <span className="rp-documents__buttons">
        {requests.map((request) => (
          <DownloadButton
            key={request.format}
            docs={docs}
            id={massListId(request)}
            label={t(`format.${request.format}`)}
            accessibleName={t('download.as', { document: title, format: t(`format.${request.format}`) })}
            onPress={() => download(request)}
          />
        ))}
      </span>
      <Failure docs={docs} ids={requests.map(massListId)} />
    </>
  );
}

export const Component = observer(function Documents() {
  const { t } = useTranslation('documents');
  const root = useStores();
  const { waterflow, project } = root;
  const { projectId = '' } = useParams();
  const docs = documentsStore(root);
  const [productOwner, setProductOwner] = useState<ProductListOwner | undefined>(undefined);

  useEffect(() => {
    void docs.loadConfigurations(projectId);
  }, [docs, projectId]);

  const loaded = waterflow.projectId === projectId && waterflow.status === 'loaded';
  // Once the report can be made, warm its worker: the first download then skips loading pdfmake and the fonts.
  const reportPossible = loaded && waterflow.rainData !== undefined;
  useEffect(() => {
    if (reportPossible) void docs.prepareReport(projectId);
  }, [docs, reportPossible, projectId]);
  const projectName = (project.projectId === projectId ? project.project?.name : undefined) ?? waterflow.shell?.name ?? '';
  const base = projectBasePath(projectId);

  if (!loaded) {
    return (
      <section className="rp-documents" aria-labelledby="documents-title">
        <h1 id="documents-title">{t('title')}</h1>
        {waterflow.status === 'error' ? (
          <p role="alert">{t('loadFailed')}</p>
        ) : (
          <p role="status" className="rp-muted">
            {t('loading')}
          </p>
        )}
      </section>
    );
  }

  if (waterflow.rainData === undefined) {
    return (
      <section className="rp-documents" aria-labelledby="documents-title">
        <h1 id="documents-title">{t('title')}</h1>
        <div role="alert" className="rp-documents__missing">
          <p>{t('noRainData')}</p>
          <Link to={`${base}/projectData`}>{t('toProjectData')}</Link>
        </div>
      </section>
    );
  }

  const download = (request: MassListRequest) => void docs.massList(projectId, projectName, request);
  const measures = waterflow.waterflow?.measures ?? [];
  const measureIds = new Set(measures.map((m) => m.id));
  const customConfigurations = docs.configurations.filter((c) => {
    const measureId = c['measureId'];
    return typeof measureId !== 'string' || !measureIds.has(measureId);
  });
  const phase = docs.running?.phase;

  return (
    <section className="rp-documents" aria-labelledby="documents-title">
      <h1 id="documents-title">{t('title')}</h1>
      <NewerPricesNotice projectId={projectId} onUpdated={() => void docs.loadConfigurations(projectId)} />

      <section className="rp-documents__section" aria-labelledby="documents-general">
        <h2 id="documents-general">{t('general.title')}</h2>

        <h3>{t('report.title')}</h3>
        <ul className="rp-documents__list">
          <li className="rp-documents__item">
            <span className="rp-documents__name">{t('report.name')}</span>
            <span className="rp-documents__buttons">
              <DownloadButton docs={docs} id="report" label={t('format.pdf')} accessibleName={t('download.as', { document: t('report.name'), format: t('format.pdf') })} onPress={() => void docs.report(projectId, projectName)} />
            </span>
            <Failure docs={docs} ids={['report']} />
          </li>
        </ul>

        <h3>{t('massLists.title')}</h3>
        <ul className="rp-documents__list">
          {GENERAL_LISTS.map((list) => {
            const title = t(`massLists.${list.key}`);
            return (
              <li key={list.key} className="rp-documents__item">
                <span className="rp-documents__name">{title}</span>
                <MassListButtons docs={docs} target={{ kind: 'project', groupBy: list.groupBy }} prices={list.prices} title={title} download={download} />
              </li>
            );
          })}
        </ul>

        <h3>{t('serviceCatalogue.title')}</h3>
        <ul className="rp-documents__list">
          {SERVICE_CATALOGUES.map((catalogue) => {
            const title = t(`serviceCatalogue.${catalogue.key}`);
            return (
              <li key={catalogue.key} className="rp-documents__item">
                <span className="rp-documents__name">{title}</span>
                <span className="rp-documents__buttons">
                  {catalogue.types.map((type) => (
                    <DownloadButton
                      key={type}
                      docs={docs}
                      id={`serviceCatalogue:${type}`}
                      label={FORMAT_LABEL[type]}
                      accessibleName={t('download.as', { document: title, format: t(`format.${type}`) })}
                      onPress={() => void docs.serviceCatalogue(projectId, projectName, type)}
                    />
                  ))}
                </span>
                <Failure docs={docs} ids={catalogue.types.map((type) => `serviceCatalogue:${type}`)} />
              </li>
            );
          })}
        </ul>
        <p className="rp-muted rp-documents__hint">{t('serviceCatalogue.hint')}</p>
      </section>

      <section className="rp-documents__section" aria-labelledby="documents-measures">
        <h2 id="documents-measures">{t('measures.title')}</h2>
        {measures.length === 0 ? (
          <p className="rp-muted">{t('measures.none')}</p>
        ) : (
          <ul className="rp-documents__list">
            {measures.map((measure) => (
              <li key={measure.id} className="rp-documents__owner" data-testid={`documents-measure-${measure.id}`}>
                <h3>{measure.name}</h3>
                {linkedConfigurationNames(docs.configurations, measure.id).map((name) => (
                  // Which configuration this measure holds: its list is the measure's (issue 27).
                  <p key={name} className="rp-muted" data-testid={`documents-measure-${measure.id}-configuration`}>
                    {t('measures.configuration', { name })}
                  </p>
                ))}
                {[false, true].map((prices) => {
                  const title = t(prices ? 'owner.massListPrices' : 'owner.massList', { name: measure.name });
                  return (
                    <div key={String(prices)} className="rp-documents__item">
                      <span className="rp-documents__name">{t(prices ? 'owner.massListPricesShort' : 'owner.massListShort')}</span>
                      <MassListButtons docs={docs} target={{ kind: 'measure', id: measure.id, name: measure.name }} prices={prices} title={title} download={download} />
                    </div>
                  );
                })}
                <Button variant="ghost" aria-label={t('owner.productsOf', { name: measure.name })} onPress={() => setProductOwner({ kind: 'measure', projectId, id: measure.id, name: measure.name })}>
                  {t('owner.products')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="rp-documents__section" aria-labelledby="documents-configurations">
        <h2 id="documents-configurations">{t('configurations.title')}</h2>
        {docs.configurationsStatus === 'failed' ? (
          <p role="alert">
            {t('configurations.loadFailed')}{' '}
            <Button variant="ghost" onPress={() => void docs.loadConfigurations(projectId)}>
              {t('download.retry')}
            </Button>
          </p>
        ) : docs.configurationsStatus !== 'loaded' ? (
          <p role="status" className="rp-muted">
            {t('configurations.loading')}
          </p>
        ) : customConfigurations.length === 0 ? (
          <p className="rp-muted">{t('configurations.none')}</p>
        ) : (
          <ul className="rp-documents__list">
            {customConfigurations.map((configuration) => (
              <li key={configuration.id} className="rp-documents__owner" data-testid={`documents-configuration-${configuration.id}`}>
                <h3>{configuration.name}</h3>
                {[false, true].map((prices) => {
                  const title = t(prices ? 'owner.massListPrices' : 'owner.massList', { name: configuration.name });
                  return (
                    <div key={String(prices)} className="rp-documents__item">
                      <span className="rp-documents__name">{t(prices ? 'owner.massListPricesShort' : 'owner.massListShort')}</span>
                      <MassListButtons docs={docs} target={{ kind: 'configuration', id: configuration.id, name: configuration.name }} prices={prices} title={title} download={download} />
                    </div>
                  );
                })}
                <Button variant="ghost" aria-label={t('owner.productsOf', { name: configuration.name })} onPress={() => setProductOwner({ kind: 'configuration', id: configuration.id, name: configuration.name })}>
                  {t('owner.products')}
                </Button>
              </li>
            ))}
          </ul>
        )}
      </section>

      {/* Every configuration's drawings from GET /Documents/images/{id} (decision 0221). */}
      <section className="rp-documents__section" aria-labelledby="documents-drawings" data-testid="documents-drawings">
        <h2 id="documents-drawings">{t('drawing.title')}</h2>
        <p className="rp-muted">{t('drawing.intro')}</p>
        {docs.configurationsStatus === 'loaded' && docs.configurations.length === 0 && <p className="rp-muted">{t('drawing.noConfigurations')}</p>}
        {docs.configurationsStatus === 'loaded' && docs.configurations.length > 0 && (
          <ul className="rp-documents__list">
            {docs.configurations.map((configuration) => (
              <li key={configuration.id} className="rp-documents__owner">
                <h3>{configuration.name}</h3>
                <ConfigurationDrawings configurationId={configuration.id} name={configuration.name} />
              </li>
            ))}
          </ul>
        )}
      </section>

      <ProgressDialog isOpen={phase !== undefined} title={t('progress.title')} text={<p>{t(phase === 'downloading' ? 'progress.downloading' : 'progress.creating')}</p>} />
      {productOwner !== undefined && (
        <Suspense fallback={null}>
          <ProductListDialog owner={productOwner} onClose={() => setProductOwner(undefined)} />
        </Suspense>
      )}
    </section>
  );
});
