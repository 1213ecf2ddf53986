import type { Awareness } from 'y-protocols/awareness';
import type { AwarenessEntry } from './live-codec.js';

/** Who announces presence in a document: an editor's connection on this instance. */
export interface PresenceHolder {
  userId: number;
  login: string;
  /** The awareness client ids this connection announced as its own. */
  awarenessIds: Set<number>;
}

/** A document's presence: every editor's state, and which connection here owns each. */
export interface DocPresence {
  awareness: Awareness;
  owners: Map<number, PresenceHolder>;
}

export interface SortedPresence {
  /** The sender's own presence: applied and passed on. */
  own: AwarenessEntry[];
  /**
   * The sender's own clients the server removed at a later clock (it left and came back):
   * answered with that removal, so the client announces itself again above it.
   */
  behind: AwarenessEntry[];
  /** The sender's own presence names someone else. */
  impersonates: boolean;
}

type UserState = { user?: unknown } | null;

const userName = (state: UserState): unknown => {
  if (state === null || typeof state !== 'object') return undefined;
  const user = state.user;
  if (user === undefined) return undefined;
  if (user === null || typeof user !== 'object') return null;
  return (user as { name?: unknown }).name;
};

/**
 * Sorts an editor's awareness update into its own presence and the rest. Clients pass on the
 * presence of everyone they heard about (y-websocket does, and keeps doing so for a while after
 * someone left): that is never a reason to end a connection, those entries are dropped. An
 * entry is the sender's own when its client id is one the connection announced, or one nobody
 * here knows, or a departed client of the same person coming back. A connection that renames
 * its own client as someone else is impersonating.
 */
export function sortPresence(
  entries: AwarenessEntry[],
  holder: PresenceHolder,
  doc: DocPresence,
): SortedPresence {
  const { awareness, owners } = doc;
  const sorted: SortedPresence = { own: [], behind: [], impersonates: false };
  for (const entry of entries) {
    const { clientId, clock } = entry;
    const state = JSON.parse(entry.json) as UserState;
    const name = userName(state);
    const owner = owners.get(clientId);
    const meta = awareness.meta.get(clientId);
    if (owner !== holder) {
      // A client nobody announced yet, or a departed one of the same person coming back.
      const first = owner === undefined && meta === undefined;
      const comeback =
        owner === undefined ? !awareness.states.has(clientId) : owner.userId === holder.userId;
      if (state === null || (name !== undefined && name !== holder.login)) continue;
      if (!first && !(comeback && name === holder.login)) continue;
      owner?.awarenessIds.delete(clientId);
      owners.set(clientId, holder);
      holder.awarenessIds.add(clientId);
    }
    if (name !== undefined && name !== holder.login) {
      sorted.impersonates = true;
      return sorted;
    }
    if (state !== null && meta && meta.clock >= clock && !awareness.states.has(clientId)) {
      sorted.behind.push({ clientId, clock: meta.clock, json: 'null' });
      continue;
    }
    sorted.own.push(entry);
  }
  return sorted;
}

/** The connection left: its clients' presence goes, and their ids are free to be claimed again. */
export function releasePresence(holder: PresenceHolder, doc: DocPresence): number[] {
  const ids = [...holder.awarenessIds];
  for (const id of ids) {
    if (doc.owners.get(id) === holder) doc.owners.delete(id);
  }
  holder.awarenessIds.clear();
  return ids;
}

/** Presence heard from other instances is forgotten after this long without a renewal. */
const ELSEWHERE_MS = 35_000;

/**
 * Who is in each draft on the other instances, as their presence relays told (clients renew
 * their presence every 15 s, and a leaving one is relayed as null): kept for every draft, open
 * here or not, so a list of drafts can say who is in each now.
 */
export function createPresenceElsewhere(now: () => number) {
  const drafts = new Map<number, Map<number, { login: string; at: number }>>();
  return {
    heard(draftId: number, entries: AwarenessEntry[]): void {
      let clients = drafts.get(draftId);
      for (const entry of entries) {
        const name = userName(JSON.parse(entry.json) as UserState);
        if (typeof name === 'string') {
          if (!clients) {
            clients = new Map<number, { login: string; at: number }>();
            drafts.set(draftId, clients);
          }
          clients.set(entry.clientId, { login: name, at: now() });
        } else {
          clients?.delete(entry.clientId);
        }
      }
      if (clients?.size === 0) drafts.delete(draftId);
    },
    logins(draftId: number): string[] {
      const clients = drafts.get(draftId);
      if (!clients) return [];
      const fresh: string[] = [];
      for (const [clientId, { login, at }] of clients) {
        if (now() - at > ELSEWHERE_MS) clients.delete(clientId);
        else fresh.push(login);
      }
      if (clients.size === 0) drafts.delete(draftId);
      return fresh;
    },
  };
}

/** The logins whose presence an awareness holds (each once, in the order they came). */
export function loginsOf(awareness: Awareness): string[] {
  const names = new Set<string>();
  for (const state of awareness.getStates().values()) {
    const name = userName(state);
    if (typeof name === 'string') names.add(name);
  }
  return [...names];
}
