import { useId } from 'react';
import { Field, Select } from '@fluentui/react-components';
import type { Team } from '../api/contract/team';
import { showsTeamSelector } from '../domain/teams';

/** The team selector (rules §2, §9): shown only with more than one team. */
export function TeamSelector(props: { teams: readonly Team[]; selected: Team | null; onSelect: (team: Team) => void; label?: string }) {
  const id = useId();
  if (!showsTeamSelector(props.teams)) return null;
  return (
    <Field label={props.label ?? 'Team'}>
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
