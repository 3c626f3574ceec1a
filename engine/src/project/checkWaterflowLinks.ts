import type { Waterflow } from '../model/project.ts';
import { parseError, type ParseError } from './parseError.ts';

/**
 * Checks the links of a waterflow: unique ids, parents of the right kind, and the surface lists
 * of purifications and measures agreeing with the surfaces' parentIds (a surface belongs to at
 * most one parent; a measure lists every surface reaching it directly or through a purification).
 */
export function checkWaterflowLinks(waterflow: Waterflow): ParseError[] {
  const errors: ParseError[] = [];
  const kindById = new Map<string, 'surface' | 'purification' | 'measure'>();
  const register = (id: string, kind: 'surface' | 'purification' | 'measure', path: string) => {
    if (kindById.has(id)) errors.push(parseError('REFERENCE', path, 'an id used by no other node', JSON.stringify(id)));
    else kindById.set(id, kind);
  };
  waterflow.sealedSurfaces.forEach((s, i) => register(s.id, 'surface', `$.waterflow.sealedSurfaces[${i}].id`));
  waterflow.purifications.forEach((p, i) => register(p.id, 'purification', `$.waterflow.purifications[${i}].id`));
  waterflow.measures.forEach((m, i) => register(m.id, 'measure', `$.waterflow.measures[${i}].id`));

  const purificationParent = new Map<string, string | null>();
  waterflow.purifications.forEach((p, i) => {
    const parent = p.parentId ?? null;
    if (parent !== null && kindById.get(parent) !== 'measure') {
      errors.push(parseError('REFERENCE', `$.waterflow.purifications[${i}].parentId`, 'the id of a measure, or null', JSON.stringify(parent)));
      purificationParent.set(p.id, null);
    } else purificationParent.set(p.id, parent);
  });
  waterflow.measures.forEach((m, i) => {
    if (m.parentId != null) {
      errors.push(parseError('REFERENCE', `$.waterflow.measures[${i}].parentId`, 'null (a measure has no parent)', JSON.stringify(m.parentId)));
    }
  });

  const expected = new Map<string, Set<string>>();
  for (const p of waterflow.purifications) expected.set(p.id, new Set());
  for (const m of waterflow.measures) expected.set(m.id, new Set());
  waterflow.sealedSurfaces.forEach((s, i) => {
    const parent = s.parentId ?? null;
    if (parent === null) return;
    const kind = kindById.get(parent);
    if (kind !== 'purification' && kind !== 'measure') {
      errors.push(parseError('REFERENCE', `$.waterflow.sealedSurfaces[${i}].parentId`, 'the id of a purification or measure, or null', JSON.stringify(parent)));
      return;
    }
    expected.get(parent)!.add(s.id);
    if (kind === 'purification') {
      const measure = purificationParent.get(parent);
      if (measure != null) expected.get(measure)?.add(s.id);
    }
  });

  const compare = (list: readonly string[], want: Set<string> | undefined, path: string, what: string) => {
    const seen = new Set<string>();
    list.forEach((id, j) => {
      if (seen.has(id)) errors.push(parseError('REFERENCE', `${path}[${j}]`, 'each surface id once', JSON.stringify(id)));
      seen.add(id);
      if (kindById.get(id) !== 'surface') {
        errors.push(parseError('REFERENCE', `${path}[${j}]`, 'the id of a sealed surface', JSON.stringify(id)));
      } else if (!want?.has(id)) {
        errors.push(parseError('REFERENCE', `${path}[${j}]`, `a surface whose parentId leads to this ${what}`, JSON.stringify(id)));
      }
    });
    for (const id of want ?? []) {
      if (!seen.has(id)) errors.push(parseError('REFERENCE', path, `to list surface ${JSON.stringify(id)} (its parentId leads to this ${what})`, `an array of ${list.length}`));
    }
  };
  waterflow.purifications.forEach((p, i) => compare(p.sealedSurfaces, expected.get(p.id), `$.waterflow.purifications[${i}].sealedSurfaces`, 'purification'));
  waterflow.measures.forEach((m, i) => compare(m.sealedSurfaces, expected.get(m.id), `$.waterflow.measures[${i}].sealedSurfaces`, 'measure'));
  return errors;
}
