/**
 * Dimensioning layout (/project/{projectId}/dimensioning/…; planning spec section 2): the editor
 * (<Outlet>) with the flow overview on the right: sealed surfaces → purifications → measures,
 * each with its drain, A_C and completion state; add buttons; the progress of the project.
 * Owner: engineer (c).
 */
import type { NodeKind } from '@rainplan/engine';
import { observer } from 'mobx-react-lite';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';
import { WaterflowSurfaceUpload } from '../../upload/SurfaceUpload.tsx';

interface Row {
  readonly id: string;
  readonly name: string;
  readonly drain: string | null | undefined;
  readonly AC: number | null | undefined;
  readonly complete: boolean;
  readonly parent: string | undefined;
}

/** One node of the flow overview; memoised on plain values so that an edit re-renders only the rows whose values changed. */
const FlowRow = memo(
  function FlowRow({ kind, row, selected, changed, onOpen }: { kind: NodeKind; row: Row; selected: boolean; changed: boolean; onOpen: (kind: NodeKind, id: string) => Promise<void> }) {
    const { t, i18n } = useTranslation('dimensioning');
    return (
      <li className={`rp-flow__node${selected ? ' rp-flow__node--selected' : ''}`}>
        <button type="button" className="rp-button rp-button--ghost rp-flow__link" onClick={() => void onOpen(kind, row.id)} {...(selected ? { 'aria-current': 'page' as const } : {})}>
          <span className="rp-flow__name">{row.name}</span>
        </button>
        <span className="rp-flow__meta">
          {t(`drain.${row.drain ?? 'none'}`)} · A_C {formatNumber(row.AC, i18n.language)} m² ·{' '}
          <span className={row.complete ? 'rp-ok' : 'rp-warn'}>{row.complete ? t('overview.complete') : t('overview.incomplete')}</span>
          {row.parent !== undefined ? <> · {t('overview.to', { name: row.parent })}</> : null}
          {changed ? <span className="rp-flow__changed"> *</span> : null}
        </span>
      </li>
    );
  },
  (a, b) =>
    a.kind === b.kind && a.selected === b.selected && a.changed === b.changed && a.onOpen === b.onOpen &&
    a.row.id === b.row.id && a.row.name === b.row.name && a.row.drain === b.row.drain && a.row.AC === b.row.AC && a.row.complete === b.row.complete && a.row.parent === b.row.parent,
);

const FlowOverview = observer(function FlowOverview() {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const nav = useDimensioningNavigation();
  const params = useParams();
  const selected = params.sealedSurfaceId ?? params.purificationId ?? params.measureId;
  const wf = waterflow.waterflow;
  const names = new Map([...wf.purifications, ...wf.measures].map((n) => [n.id, n.name]));
  const surfaces = waterflow.surfaceResults;
  const purifications = waterflow.purificationResults;
  const measures = waterflow.measureResults;
  const groups: { kind: NodeKind; title: string; add: string; rows: Row[] }[] = [
    {
      kind: 'surface',
      title: t('overview.surfaces'),
      add: t('overview.addSurface'),
      rows: wf.sealedSurfaces.map((s) => ({ id: s.id, name: s.name, drain: s.drain, AC: surfaces.get(s.id)?.AC, complete: surfaces.get(s.id)?.fullyCompleted ?? false, parent: names.get(s.parentId ?? '') })),
    },
    {
      kind: 'purification',
      title: t('overview.purifications'),
      add: t('overview.addPurification'),
      rows: wf.purifications.map((p) => ({ id: p.id, name: p.name, drain: p.drain, AC: purifications.get(p.id)?.AC, complete: purifications.get(p.id)?.fullyCompleted ?? false, parent: names.get(p.parentId ?? '') })),
    },
    {
      kind: 'measure',
      title: t('overview.measures'),
      add: t('overview.addMeasure'),
      rows: wf.measures.map((m) => ({ id: m.id, name: m.name, drain: m.drain, AC: measures.get(m.id)?.AC, complete: measures.get(m.id)?.fullyCompleted ?? false, parent: undefined })),
    },
  ];
  const { done, total } = waterflow.completion;
  return (
    <aside className="rp-flow" aria-label={t('overview.title')}>
      <h2>{t('overview.title')}</h2>
      <p className="rp-flow__progress">
        <progress value={done} max={Math.max(total, 1)} aria-label={t('overview.progress', { done, total })} /> {t('overview.progress', { done, total })}
      </p>
      {groups.map((group) => (
        <section key={group.kind} className={`rp-flow__group rp-flow__group--${group.kind}`} aria-label={group.title}>
          <h3>{group.title}</h3>
          <ul>
            {group.rows.map((row) => (
              <FlowRow key={row.id} kind={group.kind} row={row} selected={row.id === selected} changed={waterflow.changed.has(row.id)} onOpen={nav.open} />
            ))}
          </ul>
          <Button variant="secondary" onPress={() => void nav.add(group.kind)}>
            {group.add}
          </Button>
          {group.kind === 'surface' && <WaterflowSurfaceUpload />}
        </section>
      ))}
    </aside>
  );
});

export const Component = observer(function DimensioningLayout() {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const { projectId = '' } = useParams();
  const ready = waterflow.projectId === projectId && waterflow.isLoaded;
  if (waterflow.projectId === projectId && waterflow.status === 'error') {
    return (
      <section className="rp-editor" role="alert">
        <h1>{t('project.loadFailed')}</h1>
        <Button onPress={() => void waterflow.open(projectId)}>{t('project.retry')}</Button>
      </section>
    );
  }
  return (
    <div className="rp-dimensioning">
      <div className="rp-dimensioning__editor">{ready ? <Outlet /> : <p role="status">{t('project.loading')}</p>}</div>
      {ready && <FlowOverview />}
    </div>
  );
});
