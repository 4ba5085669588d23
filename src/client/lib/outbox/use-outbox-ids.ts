import { useEffect, useState } from 'react';
import type { Outbox } from './outbox';
import type { OutboxKind } from './outbox-item';

const EMPTY: readonly never[] = [];

/**
 * The ids of this person's waiting items of a kind, live, without reading the items themselves (a recording's
 * pieces are large); empty until read and without a person.
 */
export function useOutboxIds(
  outbox: Outbox,
  kind: Pick<OutboxKind<unknown>, 'name'>,
  ownerId: string | undefined,
): readonly string[] {
  const [state, setState] = useState<{ ownerId: string; ids: readonly string[] } | null>(null);
  useEffect(() => {
    if (!ownerId) return;
    let active = true;
    let latestRead = 0;
    const read = (): void => {
      const thisRead = ++latestRead;
      void outbox.ids(kind, ownerId).then(
        (ids) => {
          if (active && thisRead === latestRead) setState({ ownerId, ids });
        },
        () => undefined,
      );
    };
    read();
    const stop = outbox.subscribe(read);
    return () => {
      active = false;
      stop();
    };
  }, [outbox, kind, ownerId]);
  return state && state.ownerId === ownerId ? state.ids : EMPTY;
}
