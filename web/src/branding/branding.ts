/**
 * The operator's branding (GET /api/Branding, docs/branding.md): asked once per page load and
 * shared by the footer, the report and the mass-list PDFs. A failed call means no branding (the
 * footer keeps its configured links, the documents print no logo) and is asked again next time.
 */
import { useEffect, useState } from 'react';
import type { Branding } from '@rainplan/engine/documents';
import type { Api } from '../api/index.ts';

let pending: Promise<Branding | null> | undefined;
let loaded: Branding | null | undefined;

/** The branding, or null when the api has none or cannot be reached. */
export function loadBranding(api: Pick<Api, 'branding'>): Promise<Branding | null> {
  if (loaded !== undefined) return Promise.resolve(loaded);
  pending ??= api.branding.get({ silent: true }).then(
    (b) => (loaded = b),
    () => {
      pending = undefined;
      return null;
    },
  );
  return pending;
}

/** Forgets the cached branding (tests). */
export function resetBranding(): void {
  pending = undefined;
  loaded = undefined;
}

/** The branding for a component; undefined while it loads, null without one. */
export function useBranding(api: Pick<Api, 'branding'>): Branding | null | undefined {
  const [branding, setBranding] = useState<Branding | null | undefined>(loaded);
  useEffect(() => {
    let live = true;
    void loadBranding(api).then((b) => live && setBranding(b));
    return () => {
      live = false;
    };
  }, [api]);
  return branding;
}
