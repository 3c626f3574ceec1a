import { randomUUID } from 'node:crypto';
import { defineEntity, p, type InferEntity } from '@mikro-orm/core';
import { User } from './user.ts';

export const Organization = defineEntity({
  name: 'Organization',
  properties: {
    id: p.uuid().primary().onCreate(() => randomUUID()),
    name: p.string(),
    owner: () => p.manyToOne(User).deleteRule('restrict').index(),
    creationDate: p.datetime().onCreate(() => new Date()),
  },
});
export type Organization = InferEntity<typeof Organization>;
