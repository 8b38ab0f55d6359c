// @vitest-environment node
import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isAccepted } from '../../../scripts/lint-firefox';

/** A build folder with one file, and web-ext's warning pointing at `marker` in it. */
function warningAt(file: string, code: string, text: string, marker: string) {
  const dir = mkdtempSync(join(tmpdir(), 'cannery-lint-'));
  mkdirSync(join(dir, file, '..'), { recursive: true });
  writeFileSync(join(dir, file), `// first line\n${text}\n`);
  return { dir, warning: { code, message: 'm', file, line: 2, column: text.indexOf(marker) } };
}

describe("the Firefox lint's reviewed warnings", () => {
  it("accept React's dangerouslySetInnerHTML, DOMPurify's parser and zod's eval probe", () => {
    const cases = [
      warningAt('chunks/dist-x.js', 'UNSAFE_VAR_ASSIGNMENT', 'case`dangerouslySetInnerHTML`:if(n=r.__html,n!=null){e.innerHTML=n}', 'e.innerHTML'),
      warningAt('chunks/dist-x.js', 'UNSAFE_VAR_ASSIGNMENT', 't=ue.createDocument(at,`template`,null);try{t.documentElement.innerHTML=ot?ee:i}', 'innerHTML=ot'),
      warningAt('chunks/dist-x.js', 'DANGEROUS_EVAL', 'var a_=Ug(()=>{if(tv.jitless)return!1;try{return Function(``),!0}catch{return!1}})', 'Function('),
    ];
    for (const { dir, warning } of cases) expect(isAccepted(warning, dir)).toBe(true);
  });

  it('fail the same warning anywhere else', () => {
    const cases = [
      warningAt('chunks/dist-x.js', 'UNSAFE_VAR_ASSIGNMENT', 'function show(e,html){e.innerHTML=html}', 'e.innerHTML'),
      warningAt('content-scripts/gmail.js', 'UNSAFE_VAR_ASSIGNMENT', 'panel.innerHTML=message', 'panel.innerHTML'),
      warningAt('chunks/dist-x.js', 'DANGEROUS_EVAL', 'eval(code)', 'eval'),
      // Cannery's own code parses block HTML with DOMParser, which the linter does not flag: anything else is new.
      warningAt('content-scripts/gmail.js', 'UNSAFE_VAR_ASSIGNMENT', 'try{o=a.createContextualFragment(n)}catch{}', 'createContextualFragment'),
    ];
    for (const { dir, warning } of cases) expect(isAccepted(warning, dir)).toBe(false);
  });
});
