// The lobby's form as data, from a game's option schema (the JSON of `ancients games --json`,
// sent by GET /api/catalogue): one field per option with its control (bool -> checkbox, choice
// -> select, int -> number with min/max or a select of its allowed values, data -> a select of
// its bundled names and special words, with the army and map pickers for those kinds), its
// label, its help text (the option's description), the choices it offers given the other
// options' values, whether it is enabled (the options it needs hold) and the create request's
// options. No DOM here and no game named: lobby.ts draws it, web/test checks it.
export type Value = string | number | boolean;

/// One option as the schema describes it (core/options.h: schema_to_json).
export interface SchemaOption {
  name: string;
  type: 'bool' | 'int' | 'choice' | 'data';
  default: Value | null;
  description: string;
  label?: string; // a short name for menus, when the game gives one
  group?: string;
  default_note?: string;
  min?: number;
  max?: number;
  values?: Value[];
  value_labels?: string[]; // a word for each of `values`, for menus
  data?: string;
  special?: string[];
  inline?: boolean;
  choices?: string[];
  choices_by?: { option: string; values: Record<string, string[]> };
  requires?: { option: string; value: Value }[];
  choices_require?: ValuesNeed[]; // what every bundled name needs of the other options
  special_require?: Record<string, ValuesNeed[]>; // what a special word needs of them
  multiplayer?: boolean; // matters only in a game of more than two players
  seat?: number; // the player the option is for (an army), absent: every player
  seats?: number[]; // a choice's number of players for each of `values` (a battle's sides)
  seat_names?: string[][]; // with `seats`: each value's players by their part ("attacker's contingent"); a flag: one list while on
  default_if?: { option: string; value: Value; default: Value }[]; // a default that follows another option
}

/// A registered game as the catalogue lists it.
export interface GameEntry {
  name: string;
  short_name: string;
  description: string;
  players?: { min: number; max: number };
  options: SchemaOption[];
}

export interface Catalogue {
  games: GameEntry[];
  agents: string[];
  default_agent?: string;
}

export type Control = 'checkbox' | 'select' | 'number' | 'army' | 'map';

export interface Field {
  option: SchemaOption;
  name: string;
  label: string;
  help: string;
  group: string;
  control: Control;
  default: Value;
  min?: number;
  max?: number;
}

export type Values = Record<string, Value | object>;

/// "turn_limit" -> "Turn limit", "army1" -> "Army 1".
export function labelOf(name: string): string {
  const words = name.replace(/([a-z])(\d)/g, '$1 $2').replace(/_/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}

function controlOf(o: SchemaOption): Control {
  if (o.type === 'bool') return 'checkbox';
  if (o.type === 'int') return o.values?.length ? 'select' : 'number';
  if (o.type === 'data' && (o.data === 'army' || o.data === 'map')) return o.data;
  return 'select';
}

/// The fields of a schema, in its order.
export function formFields(options: SchemaOption[]): Field[] {
  return options.map((o) => ({
    option: o,
    name: o.name,
    label: o.label ?? labelOf(o.name),
    help: o.description + (o.default_note ? ` (Default: ${o.default_note}.)` : ''),
    group: o.group ?? '',
    control: controlOf(o),
    default: o.default ?? '',
    min: o.type === 'int' && !o.values?.length ? o.min : undefined,
    max: o.type === 'int' && !o.values?.length ? o.max : undefined,
  }));
}

/// Every option at its default.
export function defaults(fields: Field[]): Values {
  return Object.fromEntries(fields.map((f) => [f.name, f.default]));
}

/// The field's default for these values: the first `default_if` whose option holds its value,
/// else its plain default.
export function defaultFor(f: Field, values: Values): Value {
  const hit = (f.option.default_if ?? []).find((d) => values[d.option] === d.value);
  return hit ? hit.default : f.default;
}

/// Whether the options this field needs hold (an unmet need disables it and keeps it at its
/// default, as the server requires).
export function isEnabled(f: Field, values: Values): boolean {
  return (f.option.requires ?? []).every((r) => values[r.option] === r.value);
}

/// What an option needs, in words ("Needs board 12.", or with the form's `fields` their labels:
/// "Needs “Multiplayer (contingents)” on."), or "" when it needs nothing.
export function needsText(f: Field, fields: Field[] = []): string {
  const list = (f.option.requires ?? []).map((r) => {
    const other = fields.find((x) => x.name === r.option);
    if (!other) return `${labelOf(r.option).toLowerCase()} ${String(r.value)}`;
    if (typeof r.value === 'boolean') return `“${other.label}” ${r.value ? 'on' : 'off'}`;
    return `${other.label.toLowerCase()} ${String(r.value)}`;
  });
  return list.length ? `Needs ${list.join(' and ')}.` : '';
}

/// The bundled names a data option offers: those listed under the value the option they depend
/// on holds now (a map of the board chosen, never one of another board).
export function dataNames(o: SchemaOption, values: Values): string[] {
  if (o.choices) return o.choices;
  if (!o.choices_by) return [];
  return o.choices_by.values[String(values[o.choices_by.option])] ?? [];
}

/// The value of the option a data option depends on under which `name` is listed (a map's
/// board), or undefined.
export function dependencyValueOf(o: SchemaOption, name: string, values: Values): Value | undefined {
  if (!o.choices_by) return undefined;
  const current = o.choices_by.values[String(values[o.choices_by.option])] ?? [];
  if (current.includes(name)) return values[o.choices_by.option] as Value;
  for (const [key, names] of Object.entries(o.choices_by.values)) {
    if (!names.includes(name)) continue;
    const n = Number(key);
    return key !== '' && !Number.isNaN(n) ? n : key;
  }
  return undefined;
}

/// "Option X is one of these values": what a data option's value needs of the others.
export interface ValuesNeed {
  option: string;
  values: Value[];
}

/// Whether the other options hold what a value needs (the schema's `choices_require` and
/// `special_require`: Ancient Warfare's ready-made maps where no side has three players, its
/// defender's battlefield with the DBA-style set-up).
export function needsHold(needs: ValuesNeed[] | undefined, values: Values): boolean {
  return (needs ?? []).every((n) => n.values.some((v) => v === values[n.option]));
}

/// The values a select offers: allowed values, or a data option's special words and the names
/// of the other options' current values, each only where what it needs holds (the game would
/// refuse it).
export function choicesOf(f: Field, values: Values): Value[] {
  const o = f.option;
  if (o.type === 'data')
    return [
      ...(o.special ?? []).filter((w) => needsHold(o.special_require?.[w], values)),
      ...(needsHold(o.choices_require, values) ? dataNames(o, values) : []),
    ];
  return o.values ?? [];
}

/// Reads a control's text back as the option's type.
export function parseValue(f: Field, text: string): Value {
  const o = f.option;
  if (o.type === 'int') return Number(text);
  const match = (o.values ?? []).find((v) => String(v) === text);
  return match ?? text;
}

/// The create request's options: every enabled option as set (those whose needs are unmet are
/// left out: the server takes their defaults).
export function requestOptions(fields: Field[], values: Values): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const f of fields) if (isEnabled(f, values) && values[f.name] !== undefined) out[f.name] = values[f.name];
  return out;
}

/// The menu's word for a value: the schema's label for it (value_labels), or null.
export function valueLabel(o: SchemaOption, v: Value): string | null {
  const k = (o.values ?? []).findIndex((x) => String(x) === String(v));
  return k >= 0 ? (o.value_labels?.[k] ?? null) : null;
}

/// Whether a form leaves this field out for now: an option of games of more players whose
/// needs include another such option that does not hold (the armies of players 3 to 6 while
/// the multiplayer switch is off). The switch itself stays, so that it can be found.
export function isHiddenForNow(f: Field, fields: Field[], values: Values): boolean {
  if (!f.option.multiplayer) return false;
  if (f.option.seat !== undefined && f.option.seat > seatCount(fields, values)) return true; // a player the game will not have
  return (f.option.requires ?? []).some((r) => fields.find((x) => x.name === r.option)?.option.multiplayer && values[r.option] !== r.value);
}

/// Each player's part as the options make it (the schema's `seat_names`: Ancient Warfare's
/// "2+2": attacker, attacker's contingent, defender, defender's contingent; a flag's one list
/// while it is on: the DBA-style set-up's attacker and defender), or [] where the options say
/// none (a two-player game). Only a list that names every player counts: the DBA-style set-up
/// of a 2+2 battle takes its names from the sides.
export function seatNames(fields: Field[], values: Values): string[] {
  const n = seatCount(fields, values);
  for (const f of fields) {
    const names = f.option.seat_names;
    if (!names || !isEnabled(f, values)) continue;
    const k = f.option.type === 'bool' ? (values[f.name] === true ? 0 : -1) : (f.option.values ?? []).findIndex((v) => String(v) === String(values[f.name]));
    if (k >= 0 && names[k]?.length === n) return names[k];
  }
  return [];
}

/// A seat in words: "player 3", with its part where the options name one ("player 3, the
/// defender"); "Player 3" where it starts a line (`start`).
export function seatLabel(seat: number, names: string[], start = false): string {
  const player = `${start ? 'Player' : 'player'} ${seat}`;
  return names[seat - 1] ? `${player}, the ${names[seat - 1]}` : player;
}

/// The number of players the options make: the enabled choice that says so for its value (the
/// schema's `seats`: Ancient Warfare's sides, "2+2" seats 4), else two.
export function seatCount(fields: Field[], values: Values): number {
  for (const f of fields) {
    const seats = f.option.seats;
    if (!seats || !isEnabled(f, values)) continue;
    const k = (f.option.values ?? []).findIndex((v) => String(v) === String(values[f.name]));
    if (k >= 0 && seats[k] !== undefined) return seats[k];
  }
  return 2;
}
