/** Short random identifiers from the Web Crypto API (available in Node and every browser). */
const URL_SAFE = "0123456789abcdefghijklmnopqrstuvwxyz";

export function randomId(length = 12, alphabet = URL_SAFE): string {
  // Rejection sampling keeps every character equally likely.
  const limit = 256 - (256 % alphabet.length);
  let id = "";
  while (id.length < length) {
    const bytes = crypto.getRandomValues(new Uint8Array(length * 2));
    for (const byte of bytes) {
      if (byte < limit && id.length < length) id += alphabet[byte % alphabet.length];
    }
  }
  return id;
}
