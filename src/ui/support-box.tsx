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
 * The customer-support box (rules §2). A mailto link does nothing where no mail handler is set up
 * (common in web Outlook), so once clicked the address is also shown to copy by hand. `email` is
 * the account's address when its admin set one; Cannery's otherwise.
 */
export function SupportBox(props: { email?: string | null | undefined }) {
  const styles = useStyles();
  const [clicked, setClicked] = useState(false);
  const email = props.email || SUPPORT_EMAIL;
  return (
    <aside className={styles.box} aria-label="Customer support">
      <Link href={`mailto:${email}`} onClick={() => setClicked(true)}>
        Need help? Contact us.
      </Link>
      {clicked && <Body1>{`Link not working? Email your issue to our head of support directly at ${email}`}</Body1>}
    </aside>
  );
}
