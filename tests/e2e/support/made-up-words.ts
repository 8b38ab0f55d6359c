/**
 * Made-up lowercase words, never English ones: an email or a block in them matches nothing else on
 * the shared e2e server, so what one run adds never meets another's.
 */
export function madeUpWord(length: number): string {
  const letters = 'bcdfghjklmnpqrstvwxz';
  let word = 'q';
  while (word.length < length) word += letters[Math.floor(Math.random() * letters.length)] + (word.length % 3 === 0 ? 'u' : '');
  return word.slice(0, length);
}
