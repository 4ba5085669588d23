import { useCallback, useEffect, useState } from 'react';
import type { NetworkAdapter } from '../device/network';
import type { Outbox } from './outbox';
import type { OutboxItem, OutboxKind } from './outbox-item';

const EMPTY: readonly never[] = [];

/** This person's waiting items of a kind, live (this tab and others); empty until read and without a person. */
export function useOutboxItems<P>(
  outbox: Outbox,
  kind: OutboxKind<P, unknown>,
  ownerId: string | undefined,
): readonly OutboxItem<P>[] {
  const [state, setState] = useState<{ ownerId: string; items: readonly OutboxItem<P>[] } | null>(null);
  useEffect(() => {
    if (!ownerId) return;
    let active = true;
    let latestRead = 0;
    const read = (): void => {
      const thisRead = ++latestRead;
      void outbox.items(kind, ownerId).then(
        (items) => {
          if (active && thisRead === latestRead) setState({ ownerId, items });
        },
        () => undefined, // Storage unreadable: show what was last read.
      );
    };
    read();
    const stop = outbox.subscribe(read);
    return () => {
      active = false;
      stop();
    };
  }, [outbox, kind, ownerId]);
  return state && state.ownerId === ownerId ? state.items : EMPTY;
}

/** Sends this person's items now when the browser is online ("Send now"); resolves when the flush ends. */
export function useFlushOutbox(
  outbox: Outbox,
  ownerId: string | undefined,
  network: NetworkAdapter,
): () => Promise<void> {
  return useCallback(async () => {
    if (ownerId && network.isOnline()) await outbox.flush(ownerId);
  }, [outbox, ownerId, network]);
}

/**
 * When the outbox tries: at start-up (the app was opened or reloaded), whenever the connection returns, and, while
 * items wait and the browser is online, when the retry rule says. Mount once, for the signed-in person.
 */
export function useOutboxRunner(outbox: Outbox, ownerId: string | null, network: NetworkAdapter): void {
  useEffect(() => {
    if (!ownerId) return;
    const restoreOnlineCheck = outbox.setOnlineCheck(() => network.isOnline());
    let active = true;
    let timer: number | undefined;
    let latestSchedule = 0;

    const schedule = async (): Promise<void> => {
      const thisSchedule = ++latestSchedule;
      window.clearTimeout(timer);
      if (!network.isOnline()) return; // The online event will flush.
      const delay = await outbox.nextWakeDelay(ownerId).catch(() => null);
      if (!active || thisSchedule !== latestSchedule || delay === null) return;
      timer = window.setTimeout(() => void run(), delay);
    };
    const run = async (): Promise<void> => {
      await outbox.flush(ownerId);
      if (active) await schedule();
    };

    void run();
    const stopNetwork = network.subscribe((online) => {
      if (online) void run();
      else window.clearTimeout(timer);
    });
    // Something was queued, sent or failed (here or in another tab): the next try may have moved.
    const stopChanges = outbox.subscribe(() => void schedule());
    return () => {
      active = false;
      window.clearTimeout(timer);
      stopNetwork();
      stopChanges();
      restoreOnlineCheck();
    };
  }, [outbox, ownerId, network]);
}
