import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { emptyVariant, type BlockFormErrors, type VariantFormValues } from '../../../src/admin/block-editor/block-form';
import { VariantPanels } from '../../../src/admin/block-editor/variant-panels';

// DOMPurify does not run on happy-dom (see sanitize-html.ts; it is tested in Chromium): the
// English text beside a version is shown as the sanitiser gives it, marked.
vi.mock('../../../src/sanitize/sanitize-html', () => ({
  sanitizeBlockHtml: (html: string) => `<span data-sanitised="">${html}</span>`,
}));

const english = { name: 'Track My Ballot', subjectLine: 'Your ballot', body: '<p>You can track your ballot online.</p>' };

function makeVariant(overrides: Partial<VariantFormValues> = {}): VariantFormValues {
  return { ...emptyVariant('es'), name: 'Rastrear mi boleta', body: '<p>Puede rastrear su boleta.</p>', ...overrides };
}

/** The editor's language panels with the variants the form would hold shown as JSON. */
function Panels(props: { languages: string[]; initial: VariantFormValues[]; errors?: BlockFormErrors }) {
  const [variants, setVariants] = useState(props.initial);
  return (
    <FluentProvider theme={webLightTheme}>
      <VariantPanels languages={props.languages} english={english} variants={variants} onChange={setVariants} errors={props.errors ?? {}} />
      <output aria-label="Variants">{JSON.stringify(variants)}</output>
    </FluentProvider>
  );
}

const held = (): VariantFormValues[] => JSON.parse(document.querySelector('output[aria-label="Variants"]')?.textContent ?? '[]') as VariantFormValues[];

describe('the block editor’s other languages', () => {
  it('offers a version in each account language the block lacks, and takes it away again', async () => {
    const user = userEvent.setup();
    render(<Panels languages={['es', 'fr']} initial={[]} />);
    const french = screen.getByRole('region', { name: 'French' });
    expect(within(french).getByText('This block has no French version yet: members answering an email in French get the English text.')).toBeTruthy();
    await user.click(within(french).getByRole('button', { name: 'Add French version' }));
    expect(held()).toEqual([emptyVariant('fr')]);
    await user.type(within(french).getByRole('textbox', { name: 'French Name' }), 'Suivre mon bulletin');
    expect(held()[0]?.name).toBe('Suivre mon bulletin');
    // The English text it is written from is beside it.
    const beside = within(french).getByRole('region', { name: 'English text beside the French version' });
    expect(beside.textContent).toContain('You can track your ballot online.');
    expect(beside.querySelector('[data-sanitised]')).not.toBeNull();
    await user.click(within(french).getByRole('button', { name: 'Remove French version' }));
    expect(held()).toEqual([]);
    expect(within(screen.getByRole('region', { name: 'Spanish' })).getByRole('button', { name: 'Add Spanish version' })).toBeTruthy();
  });

  it('marks a version the English text moved past, until it is marked up to date', async () => {
    const user = userEvent.setup();
    render(<Panels languages={['es']} initial={[makeVariant({ needsUpdate: true })]} />);
    const spanish = screen.getByRole('region', { name: 'Spanish' });
    expect(within(spanish).getByText('Needs update')).toBeTruthy();
    expect(within(spanish).getByText('The English text changed after this version was saved. Check it, then save it or mark it up to date.')).toBeTruthy();
    await user.click(within(spanish).getByRole('button', { name: 'Mark as up to date' }));
    expect(within(spanish).queryByText('Needs update')).toBeNull();
    expect(held()[0]?.needsUpdate).toBe(false);
  });

  it('shows each problem at its field, and keeps a version in a language the account dropped', () => {
    render(<Panels languages={[]} initial={[makeVariant({ name: '' })]} errors={{ 'variants.es.name': 'Name is required.', 'variants.es.body': 'Block Content is required' }} />);
    const spanish = screen.getByRole('region', { name: 'Spanish' });
    const name = within(spanish).getByRole('textbox', { name: 'Spanish Name' });
    expect(name.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(name.getAttribute('aria-describedby')?.split(' ')[0] ?? '')?.textContent).toBe('Name is required.');
    expect(within(spanish).getByText('Block Content is required')).toBeTruthy();
    expect(within(spanish).getByText(/Spanish is no longer one of the account's languages/)).toBeTruthy();
  });
});
