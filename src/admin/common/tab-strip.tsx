import { useId, type ReactNode } from 'react';
import { Button, makeStyles, mergeClasses, tokens } from '@fluentui/react-components';
import { useRovingFocus } from './roving-focus';

const useStyles = makeStyles({
  list: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  tab: { borderRadius: 0, borderBottom: `${tokens.strokeWidthThicker} solid transparent`, fontWeight: tokens.fontWeightRegular },
  selected: { borderBottomColor: tokens.colorCompoundBrandStroke, fontWeight: tokens.fontWeightSemibold },
  panel: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
});

/**
 * Tabs over one panel, in Fluent's look but with the toolbar's keyboard model (roving-focus.ts):
 * Fluent's `TabList` steers Tab with focusable `aria-hidden` sentinels, which axe flags.
 */
export function TabStrip<T extends string>(props: {
  label: string;
  tabs: ReadonlyArray<readonly [T, string]>;
  selected: T;
  onSelect: (value: T) => void;
  children: ReactNode;
}) {
  const styles = useStyles();
  const roving = useRovingFocus();
  const base = useId();
  const tabId = (value: T) => `${base}-tab-${value}`;
  return (
    <>
      <div role="tablist" aria-label={props.label} className={styles.list} {...roving}>
        {props.tabs.map(([value, label]) => (
          <Button
            key={value}
            id={tabId(value)}
            role="tab"
            appearance="transparent"
            aria-selected={value === props.selected}
            aria-controls={`${base}-panel`}
            className={mergeClasses(styles.tab, value === props.selected && styles.selected)}
            onClick={() => props.onSelect(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      <div role="tabpanel" id={`${base}-panel`} aria-labelledby={tabId(props.selected)} className={styles.panel}>
        {props.children}
      </div>
    </>
  );
}
