import { describe, expect, it } from 'vitest';
import { keepEdgeSpaces } from '../../../hosts/shared/edge-spaces';

describe('keepEdgeSpaces', () => {
  it('writes a space at the edge of inline content as a no-break space, at the edge of the visible text', () => {
    expect(keepEdgeSpaces('<strong>link</strong> ')).toBe('<strong>link&nbsp;</strong>');
    expect(keepEdgeSpaces(' <strong>link</strong>')).toBe('<strong>&nbsp;link</strong>');
    expect(keepEdgeSpaces('see the link  ')).toBe('see the link&nbsp;');
    expect(keepEdgeSpaces('\tsee <a href="https://a.example/">it</a> ')).toBe('&nbsp;see <a href="https://a.example/">it&nbsp;</a>');
  });

  it('leaves content without edge spaces as it is, unparsed', () => {
    const html = '<p>Vote centers are open.</p><p>Anyone in line may vote.</p>';
    expect(keepEdgeSpaces(html)).toBe(html);
    expect(keepEdgeSpaces('see you at the <b>vote center</b>.')).toBe('see you at the <b>vote center</b>.');
  });

  it('leaves spaces at the edges of paragraphs and lists, beside line breaks and images, and newlines of the source, alone', () => {
    for (const html of ['<p>link </p>', '<p> link</p>', '\n<p>link</p>\n', '<ul><li>a </li></ul> ', 'link<br> ', ' <img src="a.png">link', ' ', '', 'Thanks,<br>Dana\n', '\n<b>Dana</b>', 'Dana \n']) {
      expect(keepEdgeSpaces(html)).toBe(html);
    }
  });
});
