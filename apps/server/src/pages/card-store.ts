import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { microcache } from '../plugins/microcache.js';
import type { ObjectStore } from '../plugins/object-store.js';

/** A share card's bytes, or (MEDIA_PUBLIC_URL) the address the object store serves it at. */
export type StoredCard = { png: Buffer; url?: undefined } | { url: string };

/** A card's key in the object store. */
export const cardKey = (name: string) => `cards/${name}.png`;

/**
 * Share cards, named by what they show (kind, id, version hash), so a changed title makes a
 * new one and an old one is never served for it: on disk under DATA_DIR/cards, or in the
 * object store (MEDIA_STORE=s3) where every instance finds what another made. A card is made
 * once per instance and version even when many previews ask at once; a card that cannot be
 * kept only means it is made again later.
 */
export function cardStore(options: {
  dir: string;
  objectStore?: ObjectStore | undefined;
  onError: (error: unknown) => void;
}) {
  const { dir, objectStore, onError } = options;
  const making = microcache<StoredCard>({ ttlMs: 60_000, maxKeys: 64 });
  let folder: Promise<boolean> | undefined;
  const ready = () =>
    (folder ??= mkdir(dir, { recursive: true }).then(
      () => true,
      (error: unknown) => {
        onError(error);
        return false;
      },
    ));

  const onDisk = async (name: string, make: () => Promise<Buffer>): Promise<StoredCard> => {
    const file = path.join(dir, `${name}.png`);
    try {
      return { png: await readFile(file) };
    } catch {
      // Not made yet.
    }
    const png = await make();
    if (await ready()) {
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, png)
        .then(() => rename(temporary, file))
        .catch(onError);
    }
    return { png };
  };

  const inStore = async (
    store: ObjectStore,
    name: string,
    make: () => Promise<Buffer>,
  ): Promise<StoredCard> => {
    const key = cardKey(name);
    const url = store.publicUrl(key);
    const failed = (error: unknown) => {
      onError(error);
      return undefined;
    };
    if (url) {
      if (await store.has(key).catch(failed)) return { url };
    } else {
      const kept = await store.get(key).catch(failed);
      if (kept) return { png: kept };
    }
    const png = await make();
    try {
      await store.put(key, png, 'image/png');
      if (url) return { url };
    } catch (error) {
      onError(error);
    }
    return { png };
  };

  return {
    get(name: string, make: () => Promise<Buffer>): Promise<StoredCard> {
      return making.get(name, () =>
        objectStore ? inStore(objectStore, name, make) : onDisk(name, make),
      );
    },
  };
}
