// The games' sentences as one seat reads them: the server writes "Player N"; the page puts the
// player's name there, or "You"/"Your" for the seat's own player, with the grammar that follows
// (a plural army name, "you" inside a sentence). The server's possessives come with either
// apostrophe ("Player 1's", "Player 1’s"). Pure: unit-tested in test/unit.mjs.
import { Json } from './util';

/// A name's possessive: "Gauls’", "Huns’", "Marian Romans’", "Player 2’s".
export const possessive = (name: string) => (name.endsWith('s') ? `${name}’` : `${name}’s`);

/// Whether a player's name is a plural (an army such as "Huns", not "Player 2"): its verbs
/// are plural ("Huns win").
export const isPlural = (name: string) => !/^Player [1-6]$/.test(name) && name.endsWith('s');

/// A game's sentence for a seat: "Player N" becomes the player's name, or You/Your ("you"
/// inside a sentence: "Player 2 wins: you ran out of cards"); an army's name in the plural
/// ("Huns") takes a plural verb.
export function namedFor(m: Json, t: string): string {
  const baseName = (p: string) => `${m.players?.[Number(p) - 1]?.name ?? `Player ${p}`}`;
  // Two players of the same army (a battle of Romans against Romans, or two contingents of one
  // people) are told apart by their seats: "Romans (2)".
  const shared = (p: string) => (m.players ?? []).filter((x: Json) => x?.name === baseName(p)).length > 1;
  const nameOf = (p: string) => (shared(p) ? `${baseName(p)} (${p})` : baseName(p));
  const mine = (p: string) => Number(p) === m.seat;
  const plural = (p: string) => isPlural(baseName(p));
  const opens = (offset: number, text: string) => offset === 0 || /[.!?]\s*$/.test(text.slice(0, offset));
  const you = (word: string, offset: number, text: string) => (opens(offset, text) ? word : word.toLowerCase());
  return t
    .replace(/\bPlayer ([1-6])['’]s\b/g, (_, p, o, x) => (mine(p) ? you('Your', o, x) : possessive(nameOf(p))))
    .replace(/\bPlayer ([1-6]) has\b/g, (_, p, o, x) => (mine(p) ? `${you('You', o, x)} have` : `${nameOf(p)} ${plural(p) ? 'have' : 'has'}`))
    .replace(/\bPlayer ([1-6]) wins\b/g, (_, p, o, x) => (mine(p) ? `${you('You', o, x)} win` : `${nameOf(p)} ${plural(p) ? 'win' : 'wins'}`))
    .replace(/\bPlayer ([1-6])\b/g, (_, p, o, x) => (mine(p) ? you('You', o, x) : nameOf(p)));
}

/// A player as the page names them to others: their name, with the seat where it alone would
/// not tell them apart ("Romans (3)": a battle of more than two players, or two players of
/// one army); "Player N" as it is. A duel of two armies names each by its army alone.
export function seatName(names: string[], p: number): string {
  const name = names[p - 1] ?? `Player ${p}`;
  if (name === `Player ${p}`) return name;
  const shared = names.filter((n) => n === name).length > 1;
  return names.length > 2 || shared ? `${name} (${p})` : name;
}
