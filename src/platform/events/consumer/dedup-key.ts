import { hash } from "node:crypto";

/**
 * A dedup key as stored (decision 0505): the first 16 bytes of SHA-256 over the UTF-8 text
 * `<group>:<topic>:<messageId>` (decision 0031's key). Fixed size whatever the group and topic
 * names: one 16-byte column, one bytea parameter of 16 × n bytes per batch instead of a text
 * array of ~80-character keys. The migration 20261203130000_hashed_dedup_keys computed the same
 * value for the marks written before it (`platform.dedup_hash(text)`), so they stay valid.
 *
 * Collisions: two different keys collide only if SHA-256 truncated to 128 bits does; for n marks
 * in the table at once the chance of any collision is about n² / 2¹²⁹ (2 × 10⁻¹⁵ at 10¹² marks, far
 * beyond any dedup window here). A collision would make a fresh message look like a duplicate;
 * keys are made by our producers (UUID message ids), not chosen by an adversary, and SHA-256 has
 * no known way to aim at a 128-bit prefix.
 */
export type DedupKey = Buffer;

export const DEDUP_KEY_BYTES = 16;

/** The stored form of `<group>:<topic>:<messageId>`. */
export function dedupKeyHash(text: string): DedupKey {
  // One-shot hash (no Hash object per message); a string is hashed as its UTF-8 bytes.
  return (hash("sha256", text, "buffer") as Buffer).subarray(0, DEDUP_KEY_BYTES);
}

/** The batch's keys as one parameter: key i is bytes [16 i, 16 i + 16). */
export function packKeys(keys: readonly DedupKey[]): Buffer {
  const out = Buffer.allocUnsafe(keys.length * DEDUP_KEY_BYTES);
  keys.forEach((key, i) => {
    key.copy(out, i * DEDUP_KEY_BYTES, 0, DEDUP_KEY_BYTES);
  });
  return out;
}
