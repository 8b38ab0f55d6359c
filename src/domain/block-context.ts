/**
 * Which blocks a host shows (rules §4: "Only blocks supporting the outlook context are kept"; the
 * architecture extends this per host: Gmail shows `gmail` blocks, text fields `text_input`).
 */
import type { Block, SupportedContext } from './types';

/** True when `block` may be used in `context`. A block without `supportedContexts` is usable nowhere. */
export function supportsContext(block: Pick<Block, 'supportedContexts'>, context: SupportedContext): boolean {
  return Array.isArray(block.supportedContexts) && block.supportedContexts.includes(context);
}

/** The blocks of `blocks` usable in `context`, in their original order. */
export function filterBlocksByContext<B extends Block>(blocks: readonly B[], context: SupportedContext): B[] {
  return blocks.filter((block) => supportsContext(block, context));
}
