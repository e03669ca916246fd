// A reusable typed copy of a string's UTF-16 code units, for loops that read every character.
//
// In optimised code `charCodeAt` dispatches on the string's representation at every call (flat, concatenated,
// sliced …), which makes a loop over a text about twice as slow as the same loop over a Uint16Array. Copying
// the text once with a native call costs a fraction of that difference on texts of more than a few dozen
// characters.

/** Texts shorter than this are copied by a plain loop: the native call costs more than it saves. */
const NATIVE_COPY_MIN = 48;

// Node's Buffer writes UTF-16 little-endian; a Uint16Array reads in the platform's order.
const nativeCopy =
  typeof Buffer === 'function' &&
  typeof Buffer.from === 'function' &&
  new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

/**
 * A growable buffer holding the UTF-16 code units of one text at a time. Each hot loop owns one, so a view
 * handed out is never overwritten by a nested call elsewhere; the view stays valid until the next
 * {@link CodeUnitBuffer.load} of the same buffer.
 *
 * @example
 * const units = new CodeUnitBuffer();
 * const u = units.load('西湖');
 * u[0] === '西'.charCodeAt(0); // true
 */
export class CodeUnitBuffer {
  private units: Uint16Array;
  private bytes: Buffer | undefined;

  /** @param capacity Initial capacity in code units (grown as needed). */
  constructor(capacity = 1024) {
    this.units = new Uint16Array(Math.max(16, Math.floor(capacity)));
  }

  /**
   * Copies the code units of `text` (surrogates included, as they are) and returns a view of exactly
   * `text.length` units. Overwrites what the previous call of this buffer returned.
   */
  load(text: string): Uint16Array {
    const n = text.length;
    if (n > this.units.length) {
      let size = this.units.length;
      while (size < n) size *= 2;
      this.units = new Uint16Array(size);
      this.bytes = undefined;
    }
    const units = this.units;
    if (nativeCopy && n >= NATIVE_COPY_MIN) {
      this.bytes ??= Buffer.from(units.buffer, units.byteOffset, units.byteLength);
      this.bytes.write(text, 0, n * 2, 'utf16le');
    } else {
      for (let i = 0; i < n; i++) units[i] = text.charCodeAt(i);
    }
    return units.subarray(0, n);
  }
}
