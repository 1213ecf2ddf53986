import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { microcache } from '../plugins/microcache.js';

/**
 * Share cards on disk under DATA_DIR/cards, named by what they show (kind, id, version hash),
 * so a changed title makes a new file and an old one is never served for it. A card is made
 * once per instance and version even when many previews ask at once; a folder that cannot be
 * written only means cards are made again after a restart.
 */
export function cardStore(options: { dir: string; onError: (error: unknown) => void }) {
  const { dir, onError } = options;
  const making = microcache<Buffer>({ ttlMs: 60_000, maxKeys: 64 });
  let folder: Promise<boolean> | undefined;
  const ready = () =>
    (folder ??= mkdir(dir, { recursive: true }).then(
      () => true,
      (error: unknown) => {
        onError(error);
        return false;
      },
    ));

  return {
    get(name: string, make: () => Promise<Buffer>): Promise<Buffer> {
      const file = path.join(dir, `${name}.png`);
      return making.get(name, async () => {
        try {
          return await readFile(file);
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
        return png;
      });
    },
  };
}
