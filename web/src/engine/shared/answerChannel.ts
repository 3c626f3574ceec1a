/**
 * The engine worker's answer channel (decision 0062). Chromium defers a page's message tasks (a
 * worker's `postMessage`, MessagePorts, timers) after a keystroke until the frame that shows the
 * keystroke has been produced; BroadcastChannel messages are not deferred. The worker therefore
 * answers over a BroadcastChannel whose name only the page that started it knows (a random id,
 * passed in the worker's name), so the engine's answer to a keystroke reaches the screen in the
 * same frame as the typed character, not one frame later. Pure: no DOM and no worker globals.
 */

const NAME = 'rainplan-engine';
const PREFIX = `${NAME} `;

/** The worker's name: carrying the answer channel's name, or without one (answers as the worker's messages). */
export function workerName(channel: string | undefined): string {
  return channel === undefined ? NAME : `${PREFIX}${channel}`;
}

/** The answer channel's name in a worker's name, if any. */
export function answerChannelName(name: string): string | undefined {
  return name.startsWith(PREFIX) && name.length > PREFIX.length ? name.slice(PREFIX.length) : undefined;
}

/** A new channel name: random (128 bits), so that no other page or worker of the origin shares it. */
export function newAnswerChannel(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return `rainplan-engine-answers-${Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')}`;
}
