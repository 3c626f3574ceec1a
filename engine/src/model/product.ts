import Type, { type Static } from 'typebox';
import { Opt } from './common.ts';

/**
 * A product line the user adds to a measure or configuration (spec §3 "Product line", §5 product
 * dialog): the product by its materialNumber and a quantity; text, unit and unit price default to
 * the catalogue's. Quantities and prices are decimal strings (no binary floating point for money).
 */
export const AdditionalProductSchema = Type.Object(
  {
    materialNumber: Type.String({ minLength: 1, maxLength: 100, description: 'article number of a catalogue product' }),
    orderNumber: Opt(Type.String({ maxLength: 100 })),
    text: Opt(Type.String({ maxLength: 500 })),
    longText: Opt(Type.String({ maxLength: 4000 })),
    unit: Opt(Type.String({ minLength: 1, maxLength: 20 })),
    quantity: Type.String({ pattern: '^[0-9]{1,9}(\\.[0-9]{1,3})?$', maxLength: 13, description: 'non-negative decimal string, at most 3 decimals' }),
    unitPrice: Opt(Type.String({ pattern: '^[0-9]{1,12}(\\.[0-9]{1,2})?$', maxLength: 15, description: 'list price per unit excluding VAT, decimal string, at most 2 decimals' })),
  },
  { additionalProperties: false },
);
export type AdditionalProduct = Static<typeof AdditionalProductSchema>;
