import type { SupportedContext } from '../../api/contract/common';

/** The places a block is offered in (its `supportedContexts`), as admins read them. */
export const CONTEXT_LABELS: Readonly<Record<SupportedContext, string>> = { outlook: 'Outlook', gmail: 'Gmail', text_input: 'Text fields' };
export const CONTEXTS = Object.keys(CONTEXT_LABELS) as SupportedContext[];
export const contextOf = (value: string | undefined): SupportedContext | null => CONTEXTS.find((context) => context === value) ?? null;
