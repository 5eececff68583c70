// The rules data the page explains from, generated at build time by scripts/gen-rules.mjs from
// the same files the engine reads (data/warfare/*.toml, data/generals/cards.toml, data/maps,
// data/armies). Typed loosely: the engine's loaders check these files strictly.
import rules from './generated/rules.json';

export interface WarfareUnit {
  move: number;
  range: number;
  role?: string;
  loss?: number;
  type?: string;
  missile?: boolean;
  rough_free?: boolean;
  pass_friends?: boolean;
  no_rough?: boolean;
  no_attack_after_move?: boolean;
  attacks_per_turn?: number;
  moves_per_turn?: number;
  per_pick?: number;
  elephant?: boolean;
  note?: string;
  special?: {
    name: string;
    uses: string[];
    when?: string;
    attack_range?: number;
    indirect?: boolean;
    becomes?: string;
    move?: number;
    then?: string;
    then_move?: number;
  };
}
export interface WarfareCard {
  count: number;
  uses: string[];
  distance?: number[];
  knight?: boolean;
  min_move?: number;
  condition?: string;
  effect?: string;
}
export interface WarfareRules {
  edition: string;
  title: string;
  rules: { combat: string; move_distance: string; loss_limit: number; army_units: number; elite_max: number };
  units: Record<string, WarfareUnit>;
  autokill?: Record<string, string[]>;
  immunity?: Record<string, { to?: string[]; non_killers?: boolean }>;
  cards: Record<string, WarfareCard>;
  house?: { pursuers?: string[] };
}
export interface GeneralsUnit {
  name: string;
  type: string;
  count: number;
  force: number;
  damage: number;
  traits: string[];
  versus: string[];
  evade: string[];
}
export interface GeneralsTactic {
  name: string;
  count: number;
  effect: string;
  text: string;
  damage?: number;
  force?: number;
  points?: number;
  draw?: number;
  types?: string[];
}
export interface GeneralsRules {
  title: string;
  rules: Record<string, number>;
  types: Record<string, string>;
  units: GeneralsUnit[];
  tactics: GeneralsTactic[];
}
export interface MapInfo {
  name: string;
  board: number;
  note: string;
  terrain: Record<string, string>;
  rivers: [string, string][];
}
export interface ArmyInfo {
  name: string;
  note: string;
  units: string[];
  general: string | null;
}

interface RulesData {
  warfare: Record<string, WarfareRules>;
  armies: Record<string, Record<string, ArmyInfo>>;
  maps: Record<string, MapInfo>;
  generals: GeneralsRules;
}

export const DATA = rules as unknown as RulesData;

/// The edition's tables, or the first edition's when the name is unknown.
export function warfareRules(edition: string | undefined): WarfareRules {
  return DATA.warfare[edition ?? 'autokill'] ?? Object.values(DATA.warfare)[0];
}

export function generalsCard(name: string): { unit?: GeneralsUnit; tactic?: GeneralsTactic } {
  return { unit: DATA.generals.units.find((u) => u.name === name), tactic: DATA.generals.tactics.find((t) => t.name === name) };
}

/// "special-ability" -> "Special Ability".
export function title(id: string): string {
  return id
    .split('-')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}
