import { useContext, useLayoutEffect, useMemo, useRef } from 'react';
import { makeStyles, tokens } from '@fluentui/react-components';
import { PreviewValuesContext, previewBlockBody, showChips } from './variable-preview';

const useStyles = makeStyles({
  // A variable without a known value, in a preview: a small rounded label.
  chip: {
    display: 'inline-block',
    paddingInline: tokens.spacingHorizontalXS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: tokens.fontSizeBase200,
    lineHeight: tokens.lineHeightBase200,
    whiteSpace: 'nowrap',
  },
});

/**
 * The sanitised body of a block, as it will be inserted: variables with a known value filled in,
 * the others shown as chips naming them (see `variable-preview.ts`). Home's lists and the admin
 * editor show the same preview. `language` (a block read in one of its languages) is the preview's `lang`.
 */
export function BlockPreview(props: { block: { body: string; language?: string }; className?: string | undefined }) {
  const styles = useStyles();
  const values = useContext(PreviewValuesContext);
  const preview = useMemo(() => previewBlockBody(props.block.body, values), [props.block.body, values]);
  const ref = useRef<HTMLDivElement>(null);
  // Chips are made from text with DOM calls, after React has set the sanitised HTML.
  useLayoutEffect(() => {
    if (ref.current) showChips(ref.current, preview.chips, styles.chip);
  }, [preview, styles.chip]);
  // The body has been through the one sanitiser: it is the same HTML the host inserts. A block read
  // in another language says so, so a screen reader reads it in that language's voice.
  return <div ref={ref} className={props.className} lang={props.block.language} data-testid="block-preview" dangerouslySetInnerHTML={{ __html: preview.html }} />;
}
