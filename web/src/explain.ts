// Explanations of units, cards and terrain, built from the rules data (data.ts). Each returns a
// title and lines in words; the page shows them where the player points (hover or tap) and on
// the rules page. When the core sends its own explanations, they replace these functions.
import { DATA, generalsCard, title, warfareRules } from './data';

export interface Explanation {
  title: string;
  subtitle?: string;
  lines: string[];
  stats?: [string, string][];
}

// The meaning of the data files' mechanism names (docs/formats.md), as a player reads them.
const CONDITION: Record<string, string> = {
  supported: 'another friendly unit also has the target within its range and clear line',
  outflank: 'the attacker stands on a rank closer to the opponent’s back edge than the target',
  elite: 'the unit is Elite',
  'friend-adjacent': 'the target is adjacent to another friendly unit',
  'friend-adjacent-to-target': 'another friendly unit is adjacent to the target',
  'general-within-2': 'the friendly General is within 2 squares',
  'on-rough': 'the unit stands on rough ground',
  moved: 'the unit moved this turn',
  shock: 'only shock units (type S…)',
  missile: 'only missile units (type M…)',
  light: 'only light units (type …L…)',
  'heavy-infantry': 'only Heavy Infantry',
};
const USE: Record<string, string> = {
  move: 'move',
  attack: 'attack',
  defend: 'defence',
  special: 'the unit’s special ability',
  scout: 'see the opponent’s hand',
  charge: 'charge (move 1, then attack at range 1)',
  'negate-move': 'cancel an opponent’s move',
  'knight-move': 'a knight’s-move jump',
  dismount: 'dismount',
  trample: 'move then attack',
  rally: 'defend an adjacent friendly unit',
  'kill-attacker': 'the attacker is destroyed',
};
const WHEN: Record<string, string> = {
  'on-rough': 'while standing on rough ground',
  'on-clear': 'while standing on clear ground',
  'vs-non-missile': 'against units that are not missile units',
  'vs-shock': 'against shock units',
};
const TYPE_CODE: Record<string, string> = { S: 'Shock', M: 'Missile', D: 'Defensive', H: 'Heavy', L: 'Light', I: 'Infantry', C: 'Cavalry' };

// Summaries of shared/rules/ancient-warfare.md (terrain is not in the data files yet).
export const TERRAIN: Record<string, string> = {
  clear: 'Open ground.',
  rough: 'A unit entering must stop there (light foot excepted); War Wagons cannot enter. Rough Ground defence cards.',
  hill: 'Missile units on a hill get +1 range.',
  'steep-hill': 'House terrain: a hill that stops movement like rough.',
  woods: 'House terrain: stops movement like rough, blocks lines of sight (not indirect fire); War Wagons cannot enter.',
  'built-up': 'House terrain: a unit in a built-up area cannot be auto-killed (it may still auto-kill).',
  impassable: 'No unit may enter.',
  river: 'House terrain, on a square edge: a unit crossing stops on the far bank; knight jumps ignore it.',
};

function typeCode(code: string | undefined): string {
  if (!code || code === '-') return '';
  return code
    .split('')
    .map((c) => TYPE_CODE[c] ?? c)
    .join(' ');
}

/// A unit type of an Ancient Warfare edition.
export function explainUnit(type: string, edition: string | undefined, extra: string[] = []): Explanation {
  const r = warfareRules(edition);
  const u = r.units[type];
  if (!u) return { title: title(type), lines: ['No rules data for this unit in this edition.', ...extra] };
  const lines: string[] = [...extra];
  const exact = r.rules.move_distance === 'exact';
  const stats: [string, string][] = [
    ['Move', u.move ? `${u.move} ${exact ? '(exact distances)' : '(at most)'}` : 'cannot move'],
    ['Range', String(u.range)],
  ];
  if (u.type && u.type !== '-') stats.push(['Type', `${u.type}: ${typeCode(u.type)}`]);
  const loss = u.loss ?? 1;
  stats.push(['Loss points', loss === 0 ? 'none (losing the General loses the game)' : String(loss)]);
  if (u.special) {
    const s = u.special;
    const uses = s.uses.map((x) => USE[x] ?? x).join(' or ');
    let t = `Special ability “${s.name}”`;
    t += uses ? `: with a Special Ability card, ${uses}` : ': passive, needs no card';
    if (s.when) t += ` ${WHEN[s.when] ?? s.when}`;
    if (s.attack_range) t += `, at range ${s.attack_range}`;
    if (s.indirect) t += ', passing over units (indirect fire)';
    if (s.becomes) t += `; becomes ${title(s.becomes)}`;
    if (s.move) t += `; moves up to ${s.move}`;
    if (s.then === 'move') t += `; then moves ${s.then_move ?? 1}`;
    if (s.then === 'knight-move') t += '; then a knight’s-move jump';
    lines.push(t + '.');
  }
  if (u.missile) lines.push('Missile unit: +1 range on a hill.');
  if (u.rough_free) lines.push('Does not stop on entering rough.');
  if (u.pass_friends) lines.push('May move through its own units.');
  if (u.no_rough) lines.push('Cannot enter rough.');
  if (u.no_attack_after_move) lines.push('Cannot attack after moving.');
  if (u.attacks_per_turn) lines.push(`May attack ${u.attacks_per_turn} times a turn.`);
  if (u.moves_per_turn) lines.push(`May move ${u.moves_per_turn} times a turn.`);
  if (u.per_pick) lines.push(`One pick of the army list gives ${u.per_pick} units.`);
  if (u.elephant) lines.push('Destroyed when forced to retreat; other cavalry never attack it.');
  const kills = r.autokill?.[type] ?? [];
  if (kills.length) lines.push(`Auto-kills (no card needed): ${kills.map(title).join(', ')}.`);
  const killedBy = Object.entries(r.autokill ?? {})
    .filter(([, v]) => v.includes(type))
    .map(([k]) => title(k));
  if (killedBy.length) lines.push(`Auto-killed by: ${killedBy.join(', ')}.`);
  const imm = r.immunity?.[type];
  if (imm?.to) lines.push(`Immune to card attacks by ${imm.to.map(title).join(', ')} (only recoils).`);
  if (imm?.non_killers) lines.push('Immune to card attacks by every type that cannot auto-kill it (only recoils).');
  if (r.house?.pursuers?.includes(type)) lines.push('House rule “pursuit”: follows up a destroyed or recoiled enemy.');
  return { title: title(type), subtitle: u.note ? `(${u.note})` : undefined, stats, lines };
}

/// An Ancient Warfare card.
export function explainCard(card: string, edition: string | undefined): Explanation {
  const r = warfareRules(edition);
  const c = r.cards[card];
  if (!c) return { title: title(card), lines: [] };
  const lines: string[] = [];
  const uses = c.uses.map((x) => USE[x] ?? x).join(' or ');
  lines.push(`Use: ${uses}.`);
  if (c.distance) {
    const d = c.distance.join(' or ');
    lines.push(r.rules.move_distance === 'exact' ? `Moves exactly ${d} squares.` : `Moves up to ${d} squares.`);
  }
  if (c.knight) lines.push(`A knight’s-move jump${c.min_move ? `, only for units of Move ${c.min_move} or more` : ''}.`);
  if (c.condition) lines.push(`Only when ${CONDITION[c.condition] ?? c.condition}.`);
  if (c.effect === 'recoil') lines.push('The target moves back one square instead of being destroyed (only if that square is free).');
  if (card === 'special-ability') lines.push('Activates the special ability of the unit it is played for (hover a unit to read it).');
  lines.push(`${c.count} in the deck.`);
  return { title: title(card), subtitle: 'card', lines };
}

/// An Ancient Generals card: a unit (type, Force, Damage, traits) or a tactic.
export function explainGenerals(card: string): Explanation {
  const g = DATA.generals;
  const { unit, tactic } = generalsCard(card);
  if (unit) {
    const lines: string[] = [];
    if (unit.versus.length) lines.push(`+${g.rules.versus_bonus} Force against ${unit.versus.map((t) => g.types[t] ?? t).join(', ')}.`);
    if (unit.evade.length) lines.push(`Evades ${unit.evade.map((t) => g.types[t] ?? t).join(', ')}.`);
    if (unit.traits.includes('scout')) lines.push('Scout: may be discarded in the Scout phase to see the opponent’s hand or the next cards of a deck.');
    if (unit.traits.includes('flank')) lines.push('Flank: may be discarded in the Flank phase for 1 flank point.');
    lines.push(`${unit.count} in the deck.`);
    return {
      title: title(card),
      subtitle: `${g.types[unit.type] ?? unit.type} unit`,
      stats: [
        ['Type', unit.type],
        ['Force', String(unit.force)],
        ['Damage', String(unit.damage)],
        ['Traits', unit.traits.map(title).join(', ') || '—'],
      ],
      lines,
    };
  }
  if (tactic) return { title: title(card), subtitle: 'tactics card', lines: [tactic.text + '.', `${tactic.count} in the deck.`] };
  return { title: title(card), lines: [] };
}

export function explainTerrain(t: string): Explanation {
  return { title: title(t), subtitle: 'terrain', lines: [TERRAIN[t] ?? ''] };
}
