/**
 * A boolean cached in localStorage (spec §3 and §4: the liked flag of an article, the favorite
 * flag of a blog). Blocked storage (private mode, policies) simply means nothing is cached.
 */
export interface StoredFlag {
  key: string;
  read(): boolean | null;
  write(value: boolean): void;
  /** On load a stored value wins; without one the server's value is used and stored. */
  resolve(serverValue: boolean): boolean;
}

export function storedFlag(key: string): StoredFlag {
  const flag: StoredFlag = {
    key,
    read() {
      try {
        const value = localStorage.getItem(key);
        return value === 'true' ? true : value === 'false' ? false : null;
      } catch {
        return null;
      }
    },
    write(value) {
      try {
        localStorage.setItem(key, String(value));
      } catch {
        // Storage blocked: the flag is not cached.
      }
    },
    resolve(serverValue) {
      const stored = flag.read();
      if (stored !== null) return stored;
      flag.write(serverValue);
      return serverValue;
    },
  };
  return flag;
}
