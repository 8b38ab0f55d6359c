/**
 * The one reader of the environment. `readSetting(env, name)` reads one setting through its schema
 * (server/settings/schema.ts) and throws an Error naming the variable when the value is refused;
 * `loadSettings(env)` reads and checks every setting at once (each server start does).
 * A setting may still be set under its old name (`PORT` for `CANNERY_PORT`): it is read as the new
 * one, messages name the variable as it was set, and `renamedSettings` lists such names so a
 * start can warn once. Both names set to different values is refused: which one was meant is
 * not known.
 */
import { SETTINGS, type SettingName, type Settings, type SettingSpec } from './schema';

/** The settings that have an old name, new name by old. */
export const OLD_NAMES: ReadonlyMap<string, SettingName> = new Map(
  Object.entries(SETTINGS as Record<SettingName, SettingSpec<unknown>>).flatMap(([name, setting]) => (setting.old ? [[setting.old, name as SettingName] as const] : [])),
);

/** Where a setting's value comes from: the variable set (its new or old name) and its raw value. */
export function rawSetting(env: NodeJS.ProcessEnv, name: SettingName): { variable: string; value: string | undefined } {
  const old = (SETTINGS[name] as SettingSpec<unknown>).old;
  const current = env[name];
  const previous = old === undefined ? undefined : env[old];
  if (old !== undefined && previous !== undefined && previous !== '') {
    if (current !== undefined && current !== '' && current !== previous) {
      throw new Error(`${old} and ${name} are both set, to different values: ${old} is the old name of ${name}. Remove ${old}.`);
    }
    if (current === undefined || current === '') return { variable: old, value: previous };
  }
  return { variable: name, value: current };
}

/** Whether the setting is set at all (under either name). */
export function isSet(env: NodeJS.ProcessEnv, name: SettingName): boolean {
  const { value } = rawSetting(env, name);
  return value !== undefined && value !== '';
}

/** Reads one setting; throws an Error whose message names the variable. */
export function readSetting<K extends SettingName>(env: NodeJS.ProcessEnv, name: K): Settings[K] {
  const { variable, value } = rawSetting(env, name);
  const parsed = (SETTINGS[name] as SettingSpec<Settings[K]>).type(variable).safeParse(value);
  if (!parsed.success) throw new Error(parsed.error.issues[0]?.message ?? `${variable} is not valid`);
  return parsed.data;
}

/** Reads and checks every setting; throws at the first one refused. */
export function loadSettings(env: NodeJS.ProcessEnv = process.env): Settings {
  const settings: Partial<Record<SettingName, unknown>> = {};
  for (const name of Object.keys(SETTINGS) as SettingName[]) settings[name] = readSetting(env, name);
  return settings as Settings;
}

/** The old names set in `env`, each with its new name: a start warns of each once. */
export function renamedSettings(env: NodeJS.ProcessEnv = process.env): Array<{ old: string; name: SettingName }> {
  return [...OLD_NAMES].filter(([old]) => env[old] !== undefined && env[old] !== '').map(([old, name]) => ({ old, name }));
}

/** Logs one warning per old name in use. */
export function warnRenamedSettings(logger: { warn(object: object, message: string): void }, env: NodeJS.ProcessEnv = process.env): void {
  for (const { old, name } of renamedSettings(env)) {
    logger.warn({ setting: name, old }, `${old} is the old name of ${name}: rename it (the old name is read for now)`);
  }
}
