import { useMemo, useState } from 'react';
import { Badge, Body1, Link, Spinner, Subtitle2, Switch, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, makeStyles, tokens } from '@fluentui/react-components';
import type { TeamRef } from '../api/admin';
import { languageName } from '../../domain/languages';
import { AdminLayout } from '../common/admin-layout';
import { useAdminAccess } from '../common/admin-access';
import { useAdminTeams } from '../common/admin-teams';
import { useOtherLanguages } from '../common/account-languages';
import { LoadFailed, useListStyles } from '../common/list-parts';
import { useTeamBlocks } from '../common/team-library';
import { COVERAGE_LABELS, countSentence, coverageOf, coverageRows, languageCounts, type Coverage } from './language-coverage';

const useStyles = makeStyles({
  counts: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalL, listStyle: 'none', margin: 0, padding: 0 },
  count: {
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusLarge,
    boxShadow: tokens.shadow2,
  },
  empty: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalS },
});

const BADGE_COLORS: Record<Coverage, 'danger' | 'warning' | 'success'> = { missing: 'danger', 'needs-update': 'warning', 'up-to-date': 'success' };

/**
 * The team's live blocks against the account's other languages: per language how many blocks
 * have a version and how many need an update, and per block each language's state, each name
 * linking to its editor.
 */
export function AdminLanguagesPage() {
  const { ref } = useAdminTeams();
  return (
    <AdminLayout title="Languages" editors>
      {ref && <LanguageCoverage key={ref.teamId} team={ref} />}
    </AdminLayout>
  );
}

function LanguageCoverage(props: { team: TeamRef }) {
  const styles = useStyles();
  const list = useListStyles();
  const access = useAdminAccess();
  const languages = useOtherLanguages();
  const blocks = useTeamBlocks(props.team);
  const [onlyMissing, setOnlyMissing] = useState(false);
  const live = useMemo(() => coverageRows(blocks.data ?? [], languages, false), [blocks.data, languages]);
  const shown = useMemo(() => (onlyMissing ? coverageRows(live, languages, true) : live), [live, languages, onlyMissing]);

  if (blocks.isPending) return <Spinner label="Loading blocks..." />;
  if (blocks.isError) return <LoadFailed what="The blocks" />;
  if (languages.length === 0) {
    return (
      <div className={styles.empty}>
        <Body1>Your account's blocks are in English only.</Body1>
        <Body1>
          {access.accountAdmin ? (
            <>
              Add the languages your team answers in under <Link href="#/settings">Settings</Link>; each block can then have a version in each of them.
            </>
          ) : (
            "Your account's admin can add the languages your team answers in; each block can then have a version in each of them."
          )}
        </Body1>
      </div>
    );
  }

  return (
    <>
      <ul className={styles.counts} aria-label="Blocks in each language">
        {languageCounts(live, languages).map((count) => (
          <li key={count.language} className={styles.count}>
            <Subtitle2>{countSentence(count)}</Subtitle2>
          </li>
        ))}
      </ul>
      <div className={list.filters}>
        <Switch label="Show only blocks missing a language" checked={onlyMissing} onChange={(_event, data) => setOnlyMissing(data.checked)} />
      </div>
      <Body1 aria-live="polite">{shown.length === 1 ? '1 block' : `${shown.length} blocks`}</Body1>
      <Table aria-label="Blocks by language" className={list.table}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell>Block</TableHeaderCell>
            {languages.map((language) => (
              <TableHeaderCell key={language}>{languageName(language)}</TableHeaderCell>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {shown.map((block) => (
            <TableRow key={block._id}>
              <TableCell>
                <Link href={`#/blocks/${block._id}`}>{block.name}</Link>
              </TableCell>
              {languages.map((language) => {
                const state = coverageOf(block, language);
                return (
                  <TableCell key={language}>
                    <Badge appearance="tint" color={BADGE_COLORS[state]}>
                      {COVERAGE_LABELS[state]}
                    </Badge>
                  </TableCell>
                );
              })}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </>
  );
}
