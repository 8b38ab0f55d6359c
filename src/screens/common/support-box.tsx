import { useState } from 'react';
import { Body1, Link, makeStyles, tokens } from '@fluentui/react-components';
import { SUPPORT_EMAIL } from './support';

const useStyles = makeStyles({
  box: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: tokens.spacingVerticalS,
    borderRadius: tokens.borderRadiusMedium,
    backgroundColor: tokens.colorNeutralBackground2,
  },
});

/**
 * The customer-support box (spec §2). A mailto link does nothing where no mail handler is set up
 * (common in web Outlook), so once clicked the address is also shown to copy by hand.
 */
export function SupportBox() {
  const styles = useStyles();
  const [clicked, setClicked] = useState(false);
  return (
    <aside className={styles.box} aria-label="Customer support">
      <Link href={`mailto:${SUPPORT_EMAIL}`} onClick={() => setClicked(true)}>
        Need help? Contact us.
      </Link>
      {clicked && <Body1>{`Link not working? Email your issue to our head of support directly at ${SUPPORT_EMAIL}`}</Body1>}
    </aside>
  );
}
