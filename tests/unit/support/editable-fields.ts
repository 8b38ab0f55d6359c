/** Fields for the insertion tests of the text-field host: built in the test document. */
import { toEditableField, type EditableField } from '../../../hosts/shared/editable';

/** The editable field `element` is, or the test fails. */
export function field(element: Element): EditableField {
  const found = toEditableField(element);
  if (!found) throw new Error('not editable');
  return found;
}

/** A contenteditable holding `html`, in the document. */
export function richEditor(html: string): HTMLDivElement {
  const element = document.createElement('div');
  element.contentEditable = 'true';
  element.innerHTML = html;
  document.body.append(element);
  return element;
}
