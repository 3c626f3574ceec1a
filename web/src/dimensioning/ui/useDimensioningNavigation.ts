/**
 * The spec's dimensioning navigation (section 4): switching element saves first; adding saves,
 * creates and opens the new element; deleting saves, deletes and goes to the first sealed surface.
 * A progress cursor shows while any of them is in flight (`waterflow.busy`, ProjectLayout).
 */
import type { NodeKind } from '@rainplan/engine';
import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useStores } from '../../stores/StoreContext.tsx';
import { configuratorPath, dimensioningPath, nodePath } from './paths.ts';

export function useDimensioningNavigation() {
  const { waterflow } = useStores();
  const navigate = useNavigate();
  const { projectId = '' } = useParams();
  return useMemo(() => ({
    projectId,
    open: (kind: NodeKind, id: string) =>
      waterflow.busyWith(async () => {
        await waterflow.saveChanged();
        await navigate(nodePath(projectId, kind, id));
      }),
    add: async (kind: NodeKind) => {
      const id = await waterflow.createNode(kind);
      if (id !== undefined) await navigate(nodePath(projectId, kind, id));
    },
    remove: async (kind: NodeKind, id: string) => {
      const ok = await waterflow.deleteNode(kind, id);
      if (ok) await navigate(nodePath(projectId, 'surface', waterflow.waterflow.sealedSurfaces[0]?.id));
      return ok;
    },
    toDimensioning: () =>
      waterflow.busyWith(async () => {
        const id = await waterflow.firstMeasureOrCreate();
        await navigate(id === undefined ? dimensioningPath(projectId) : nodePath(projectId, 'measure', id));
      }),
    /** Saves, then opens the configurator; with a measure: its configuration, or the offer to create one. */
    toConfigurator: (measureId?: string) =>
      waterflow.busyWith(async () => {
        await waterflow.saveChanged();
        await navigate(measureId === undefined ? configuratorPath(projectId) : `${configuratorPath(projectId)}?measureId=${encodeURIComponent(measureId)}`);
      }),
  }), [waterflow, navigate, projectId]);
}
