import { Caption1, Field, Input, ToggleButton, makeStyles, tokens } from '@fluentui/react-components';
import { categoriesIn, toggledCategory } from './categories';

const useStyles = makeStyles({
  existing: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalXS, marginTop: tokens.spacingVerticalXS },
});

/**
 * Categories as comma-separated text, with the team's existing categories offered as buttons that
 * add or take out one, so the same category is spelt the same way everywhere.
 */
export function CategoriesField(props: { value: string; onChange: (text: string) => void; existing: readonly string[]; hint: string; validationMessage?: string | undefined }) {
  const styles = useStyles();
  const chosen = categoriesIn(props.value);
  const offered = [...new Set(props.existing)].sort((a, b) => a.localeCompare(b)).slice(0, 40);
  return (
    <div>
      <Field label="Categories" hint={props.hint} validationMessage={props.validationMessage}>
        <Input value={props.value} onChange={(_event, data) => props.onChange(data.value)} />
      </Field>
      {offered.length > 0 && (
        <div className={styles.existing} role="group" aria-label="The team's categories">
          <Caption1>The team's categories:</Caption1>
          {offered.map((category) => (
            <ToggleButton key={category} size="small" shape="circular" checked={chosen.includes(category)} onClick={() => props.onChange(toggledCategory(props.value, category))}>
              {category}
            </ToggleButton>
          ))}
        </div>
      )}
    </div>
  );
}
