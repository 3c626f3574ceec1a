/**
 * The engine worker: exposes {@link engineApi} over Comlink. Compiled with `lib: webworker`
 * (tsconfig.worker.json): it cannot name DOM types.
 *
 * Calls arrive as the worker's messages; answers go back over the BroadcastChannel named in the
 * worker's name when there is one (see `answerChannelName` in shared/answerChannel.ts and decision
 * 0062: the page handles them without waiting for the frame after a keystroke), else as the
 * worker's messages.
 */
import { expose, type Endpoint } from 'comlink';
import { answerChannelName } from '../shared/answerChannel.ts';
import { engineApi } from '../shared/engineApi.ts';

// the worker's global scope (this file is also type-checked with the DOM's lib, where `self` is a Window)
const scope = self as unknown as Endpoint & { readonly name: string };
const channelName = answerChannelName(scope.name);
const channel = channelName === undefined || typeof BroadcastChannel === 'undefined' ? undefined : new BroadcastChannel(channelName);

const endpoint: Endpoint =
  channel === undefined
    ? scope
    : {
        addEventListener: scope.addEventListener.bind(scope),
        removeEventListener: scope.removeEventListener.bind(scope),
        // the engine's answers are plain data: nothing is transferred
        postMessage: (message: unknown) => channel.postMessage(message),
      };

expose(engineApi, endpoint);
