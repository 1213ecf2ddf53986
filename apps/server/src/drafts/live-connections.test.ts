import { EventEmitter } from 'node:events';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LIVE_CLOSE } from '@repolog/contract/live';
import { createConnections, type Admission, type LiveSocket } from './live-connections.js';
import type { DocStore, LiveDoc } from './live-doc-store.js';

/** A WebSocket stand-in: the test emits its events and reads what the server did to it. */
class FakeSocket extends EventEmitter implements LiveSocket {
  readyState = 1;
  closedWith: { code: number; reason: string } | undefined;
  send = vi.fn();
  ping = vi.fn();
  terminate = vi.fn();
  close(code: number, reason: string) {
    this.closedWith = { code, reason };
  }
}

describe('a live connection whose draft cannot be opened', () => {
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
  });

  it('is told to try again and closes without an unhandled failure (which stops the server)', async () => {
    process.on('unhandledRejection', onUnhandled);
    const errors: unknown[] = [];
    // Only the keepalive walks the store, and this test stops before its first beat.
    const store = { all: () => [] } as unknown as DocStore;
    const connections = createConnections({
      store,
      onError: (error) => errors.push(error),
      now: () => Date.now(),
    });
    const socket = new FakeSocket();
    const failure = new Error('insert or update on table "draft_docs" violates foreign key');
    let reject: (error: Error) => void = () => undefined;
    const admission = new Promise<never>((_resolve, fail) => (reject = fail));
    connections.connect(
      socket,
      { actor: { userId: 1, userName: 'dana-kim' }, sessionId: null },
      7,
      () => admission,
    );
    // The editor goes away while the draft is still opening; then the opening fails.
    socket.emit('close');
    reject(failure);

    await vi.waitFor(() => expect(errors).toEqual([failure]));
    expect(socket.closedWith).toBeUndefined();
    // Past the turns of the event loop where Node reports a rejection nobody handled.
    await new Promise((resolve) => setImmediate(resolve));
    await new Promise((resolve) => setImmediate(resolve));
    expect(unhandled).toEqual([]);
    connections.stop();
  });
});

describe('a live connection whose draft is posted while its document opens', () => {
  it('is told why by admission asked again (posted), with nothing logged as a failure', async () => {
    const errors: unknown[] = [];
    // The store opened the document and found the draft gone when it stored its first state.
    const gone = { ready: Promise.resolve(), gone: true } as unknown as LiveDoc;
    const store = { all: () => [], open: () => gone } as unknown as DocStore;
    const connections = createConnections({
      store,
      onError: (error) => errors.push(error),
      now: () => Date.now(),
    });
    const socket = new FakeSocket();
    const answers: Admission[] = [
      { ok: true, blogId: 32, fields: () => Promise.resolve(undefined) },
      { ok: false, close: LIVE_CLOSE.posted },
    ];
    let asked = 0;
    connections.connect(
      socket,
      { actor: { userId: 1, userName: 'dana-kim' }, sessionId: null },
      7,
      () => Promise.resolve(answers[asked++] ?? answers[1]!),
    );

    await vi.waitFor(() => expect(socket.closedWith).toEqual(LIVE_CLOSE.posted));
    expect(asked).toBe(2);
    expect(errors).toEqual([]);
    connections.stop();
  });
});
