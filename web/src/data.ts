// The bundled armies' and maps' names and contents for the lobby's previews, generated at build
// time by scripts/gen-rules.mjs from the same JSON files the engine reads (data/maps,
// data/armies). Typed loosely: the engine's loaders check these files strictly. The rules
// themselves come from the server's rules books (books.ts).
import rules from './generated/rules.json';

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
  armies: Record<string, Record<string, ArmyInfo>>;
  maps: Record<string, MapInfo>;
}

export const DATA = rules as unknown as RulesData;

/// (1, "card") -> "1 card"; (3, "loss point") -> "3 loss points".
export function counted(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/// "special-ability" -> "Special Ability".
export function title(id: string): string {
  return id
    .split('-')
    .map((w) => (w ? w[0].toUpperCase() + w.slice(1) : w))
    .join(' ');
}
