import { createSHA256 } from 'hash-wasm';

const hashes = new WeakMap<Blob, Promise<string>>();
const known = new WeakMap<Blob, string>();

/** A file's SHA-256 if it was computed already (sha256Of), else undefined. */
export function knownSha256(file: Blob): string | undefined {
  return known.get(file);
}

/**
 * A file's SHA-256 (hex), read as a stream so a file of any size is hashed in constant memory
 * (hash-wasm: crypto.subtle has no streaming digest). Each file is hashed once.
 */
export function sha256Of(file: Blob): Promise<string> {
  let hash = hashes.get(file);
  if (!hash) {
    hash = digest(file).then((hex) => {
      known.set(file, hex);
      return hex;
    });
    hashes.set(file, hash);
  }
  return hash;
}

async function digest(file: Blob): Promise<string> {
  const hasher = await createSHA256();
  hasher.init();
  const reader = file.stream().getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hasher.update(value);
  }
  return hasher.digest('hex');
}
