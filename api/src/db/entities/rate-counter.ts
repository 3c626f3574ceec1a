import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A rate-limit counter shared by every API process (issue 13, item 5; decision 0072): how often
 * `key` (a purpose and a client address, account or user) was counted in the fixed window that
 * starts at `windowStart`. Rows of past windows are deleted now and then.
 */
export const RateCounter = defineEntity({
  name: 'RateCounter',
  tableName: 'rate_counter',
  properties: {
    key: p.string().length(400).primary(),
    windowStart: p.datetime().primary(),
    count: p.integer(),
    expiresAt: p.datetime().index(),
  },
});
export type RateCounter = InferEntity<typeof RateCounter>;
