import { useId } from 'react';
import { Field, Select } from '@fluentui/react-components';
import type { Team } from '../api/contract/team';
import { showsTeamSelector } from '../domain/teams';

/** Said under the selector when the open email's mailbox chose the team. */
export const mailboxHint = (address: string) => `Chosen for ${address}. Your own inbox keeps your own choice.`;

/**
 * The team selector (rules §2, §9): shown only with more than one team. `mailbox` names the shared
 * mailbox (or delegated account, or alias) whose mapping chose the team, said under the selector.
 */
export function TeamSelector(props: { teams: readonly Team[]; selected: Team | null; onSelect: (team: Team) => void; label?: string; mailbox?: string | null }) {
  const id = useId();
  if (!showsTeamSelector(props.teams)) return null;
  return (
    <Field label={props.label ?? 'Team'} {...(props.mailbox ? { hint: mailboxHint(props.mailbox) } : {})}>
      <Select
        id={id}
        value={props.selected?._id ?? ''}
        onChange={(_event, data) => {
          const team = props.teams.find((candidate) => candidate._id === data.value);
          if (team) props.onSelect(team);
        }}
      >
        {props.teams.map((team) => (
          <option key={team._id} value={team._id}>
            {team.name}
          </option>
        ))}
      </Select>
    </Field>
  );
}
