/** Schema of GET /Documents/{projectId}/serviceCatalogue (planning spec section 7, issue 18). */
import { Type } from 'typebox';
import { GAEB_FILE_TYPES } from '@rainplan/engine/documents';

export const ServiceCatalogueQuery = Type.Object({
  languageCode: Type.Optional(Type.String({ pattern: '^[A-Za-z]{2}([-_][A-Za-z0-9]{2,8})*$', maxLength: 35, description: 'de (default) or en: texts of the items' })),
  gaebFileType: Type.Union(
    GAEB_FILE_TYPES.map((t) => Type.Literal(t)),
    {
      description:
        'Gaebd81: GAEB 90 D81 without prices; Gaebd82: GAEB 90 D82 with prices (80-column records, code page 850); ' +
        'GaebX81 / GaebX82: GAEB DA XML 3.3 X81 / X82 (UTF-8)',
    },
  ),
});

export const ServiceCatalogueFile = Type.Unsafe<Uint8Array>({ type: 'string', format: 'binary', description: 'the GAEB file (.D81, .D82, .X81 or .X82)' });
