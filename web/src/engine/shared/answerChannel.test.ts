import { describe, expect, it } from 'vitest';
import { answerChannelName, newAnswerChannel, workerName } from './answerChannel.ts';

describe('the engine worker answer channel (decision 0062)', () => {
  it('carries the channel name in the worker name and reads it back', () => {
    const channel = newAnswerChannel();
    expect(answerChannelName(workerName(channel))).toBe(channel);
  });

  it('finds no channel in other worker names (the worker then answers as its messages)', () => {
    expect(answerChannelName('rainplan-engine')).toBeUndefined();
    expect(answerChannelName(workerName(undefined))).toBeUndefined();
    expect(answerChannelName('')).toBeUndefined();
    expect(answerChannelName('rainplan-engine ')).toBeUndefined();
    expect(answerChannelName('other rainplan-engine x')).toBeUndefined();
  });

  it('makes channel names no other page can guess: 128 random bits each', () => {
    const names = new Set(Array.from({ length: 1000 }, () => newAnswerChannel()));
    expect(names.size).toBe(1000);
    for (const name of names) expect(name).toMatch(/^rainplan-engine-answers-[0-9a-f]{32}$/);
  });
});
