/**
 * Dimensioning layout (/project/{projectId}/dimensioning/…; planning spec section 2): the editor
 * (<Outlet>) with the flow overview on the right: sealed surfaces → purifications → measures,
 * each with its drain, A_C and completion state; add buttons; the progress of the project.
 */
import type { NodeKind } from '@rainplan/engine';
import { compareStructural } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useParams } from 'react-router';
import { Button } from '../../components/Button.tsx';
import { useStores } from '../../stores/StoreContext.tsx';
import type { WaterflowStore } from '../../dimensioning/WaterflowStore.ts';
import { formatNumber } from '../../dimensioning/ui/format.ts';
import { useComputedValue } from '../../dimensioning/ui/useComputedValue.ts';
import { useDimensioningNavigation } from '../../dimensioning/ui/useDimensioningNavigation.ts';
import { WaterflowSurfaceUpload } from '../../upload/SurfaceUpload.tsx';

/** What one row of the flow overview shows of its node. */
function rowView(waterflow: WaterflowStore, kind: NodeKind, id: string) {
  const node = kind === 'surface' ? waterflow.surface(id) : kind === 'purification' ? waterflow.purification(id) : waterflow.measure(id);
  if (node === undefined) return undefined;
  const result = kind === 'surface' ? waterflow.surfaceResults.get(id) : kind === 'purification' ? waterflow.purificationResults.get(id) : waterflow.measureResults.get(id);
  const parentId = kind === 'measure' ? undefined : node.parentId;
  // a surface or purification that drains into nothing is not complete (issue 14.3)
  const unassigned = kind !== 'measure' && (parentId === null || parentId === undefined);
  return {
    name: node.name,
    drain: node.drain ?? null,
    AC: result?.AC,
    complete: (result?.fullyCompleted ?? false) && !unassigned,
    unassigned,
    parent: (waterflow.purification(parentId) ?? waterflow.measure(parentId))?.name,
    changed: waterflow.changed.has(id),
  };
}

/**
 * One node of the flow overview. It reads its own node and result (a computed view): an edit
 * re-renders only the rows whose shown values changed, not the list (latency, issue 7).
 */
const FlowRow = observer(function FlowRow({ kind, id, selected, onOpen }: { kind: NodeKind; id: string; selected: boolean; onOpen: (kind: NodeKind, id: string) => Promise<void> }) {
  const { t, i18n } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const row = useComputedValue(
    useCallback(() => rowView(waterflow, kind, id), [waterflow, kind, id]),
    compareStructural,
  );
  // translated once per value (i18next's t is slow next to the rest of a row's render)
  const drain = row?.drain ?? 'none';
  const complete = row?.complete ?? false;
  const parent = row?.parent;
  const drainText = useMemo(() => t(`drain.${drain}`), [t, drain]);
  const stateText = useMemo(() => t(complete ? 'overview.complete' : 'overview.incomplete'), [t, complete]);
  const unassigned = row?.unassigned ?? false;
  const parentText = useMemo(() => (parent === undefined ? (unassigned ? t('overview.unassigned') : undefined) : t('overview.to', { name: parent })), [t, parent, unassigned]);
  if (row === undefined) return null;
  return (
    <li className={`rp-flow__node${selected ? ' rp-flow__node--selected' : ''}`}>
      <button type="button" className="rp-button rp-button--ghost rp-flow__link" onClick={() => void onOpen(kind, id)} {...(selected ? { 'aria-current': 'page' as const } : {})}>
        <span className="rp-flow__name">{row.name}</span>
      </button>
      <span className="rp-flow__meta">
        {drainText} · A_C {formatNumber(row.AC, i18n.language)} m² ·{' '}
        <span className={complete ? 'rp-ok' : 'rp-warn'}>{stateText}</span>
        {parentText !== undefined ? <> · {parentText}</> : null}
        {row.changed ? <span className="rp-flow__changed"> *</span> : null}
      </span>
    </li>
  );
});

const FlowOverview = observer(function FlowOverview() {
  const { t } = useTranslation('dimensioning');
  const { waterflow } = useStores();
  const nav = useDimensioningNavigation();
  const params = useParams();
  const selected = params.sealedSurfaceId ?? params.purificationId ?? params.measureId;
  const groups: { kind: NodeKind; title: string; add: string; ids: readonly string[] }[] = [
    { kind: 'surface', title: t('overview.surfaces'), add: t('overview.addSurface'), ids: waterflow.surfaceIds },
    { kind: 'purification', title: t('overview.purifications'), add: t('overview.addPurification'), ids: waterflow.purificationIds },
    { kind: 'measure', title: t('overview.measures'), add: t('overview.addMeasure'), ids: waterflow.measureIds },
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
            {group.ids.map((id) => (
              <FlowRow key={id} kind={group.kind} id={id} selected={id === selected} onOpen={nav.open} />
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
