import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportedContext } from '../../../src/api/contract/common';
import { EMPTY_BLOCK_FORM } from '../../../src/admin/block-editor/block-form';
import { PlacesField } from '../../../src/admin/block-editor/places-field';

const checked = (name: string) => screen.getByRole<HTMLInputElement>('checkbox', { name }).checked;

/** The block editor's "Used in" boxes as a new block starts them, with what the admin ticked shown. */
function NewBlockPlaces() {
  const [places, setPlaces] = useState<SupportedContext[]>(() => [...EMPTY_BLOCK_FORM.supportedContexts]);
  return (
    <FluentProvider theme={webLightTheme}>
      <PlacesField value={places} onChange={setPlaces} />
      <output aria-label="Ticked">{places.join(',')}</output>
    </FluentProvider>
  );
}

describe('"Used in" in the block editor', () => {
  it('starts a new block in Outlook, Gmail and text fields, and says so', () => {
    render(<NewBlockPlaces />);
    const group = screen.getByRole('group', { name: 'Used in' });
    expect(within(group).getAllByRole<HTMLInputElement>('checkbox').map((box) => box.checked)).toEqual([true, true, true]);
    expect(['Outlook', 'Gmail', 'Text fields'].map(checked)).toEqual([true, true, true]);
    expect(document.getElementById(group.getAttribute('aria-describedby') ?? '')?.textContent).toBe('New blocks are used in Outlook, Gmail and text fields unless you untick one.');
  });

  it('gives each box its own label: clicking the words "Text fields" or "Gmail" ticks that box only', async () => {
    const user = userEvent.setup();
    render(<NewBlockPlaces />);
    const boxes = screen.getAllByRole('checkbox');
    expect(new Set(boxes.map((box) => box.id)).size).toBe(3);
    await user.click(screen.getByText('Text fields'));
    expect([checked('Outlook'), checked('Gmail'), checked('Text fields')]).toEqual([true, true, false]);
    expect(screen.getByLabelText('Ticked').textContent).toBe('outlook,gmail');
    await user.click(screen.getByText('Gmail'));
    expect([checked('Outlook'), checked('Gmail'), checked('Text fields')]).toEqual([true, false, false]);
    await user.click(screen.getByText('Text fields'));
    expect(screen.getByLabelText('Ticked').textContent).toBe('outlook,text_input');
  });
});
