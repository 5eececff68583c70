// What happened, read from two positions: the units destroyed or driven back, loss points,
// cards lost (the "events" the core is to send; until it does, the page compares the position
// before and after), and why a game ended.
import { title, warfareRules } from './data';
import { ActionInfo } from './describe';
import { Json } from './util';

/// Events between two positions of the same game, in words (empty when nothing notable).
export function eventsBetween(game: string, before: Json, after: Json, actions: ActionInfo[], who: (p: number) => string): string[] {
  if (!before || !after) return [];
  if (game === 'ancient-generals') {
    const out: string[] = [];
    for (const p of ['1', '2']) {
      const a = before.players?.[p];
      const b = after.players?.[p];
      if (!a || !b) continue;
      const lost = b.casualties.length - a.casualties.length;
      if (lost > 0) out.push(`${who(Number(p))}: casualty pile ${b.casualties.length} (+${lost})`);
      if (b.flank > a.flank) out.push(`${who(Number(p))}: ${b.flank} flank points`);
    }
    return out;
  }
  if (before.phase === 'deploy') return [];
  const out: string[] = [];
  const key = (u: Json) => `${u.owner}:${u.type}`;
  const count = (units: Json[]) => {
    const m = new Map<string, number>();
    for (const u of units) m.set(key(u), (m.get(key(u)) ?? 0) + 1);
    return m;
  };
  const bu: Json[] = before.units ?? [];
  const au: Json[] = after.units ?? [];
  const cb = count(bu);
  const ca = count(au);
  const dismounted = actions.some((a) => a.kind === 'dismount');
  const destroyed: Json[] = [];
  for (const [k, n] of cb) {
    const left = ca.get(k) ?? 0;
    if (left >= n) continue;
    const [owner, type] = k.split(':');
    if (dismounted && type === 'knights') continue;
    // The squares of this kind no longer occupied by it.
    const gone = bu.filter((u) => key(u) === k && !au.some((v) => key(v) === k && v.square === u.square));
    for (let i = 0; i < n - left; ++i) destroyed.push({ owner: Number(owner), type, square: gone.length === n - left ? gone[i].square : '' });
  }
  for (const d of destroyed) out.push(`${who(d.owner)}: ${title(d.type)}${d.square ? ` ${d.square}` : ''} destroyed`);
  for (const a of actions) {
    if (!a.target) continue;
    const target = bu.find((u) => u.square === a.target);
    if (!target || destroyed.some((d) => d.square === a.target)) continue;
    const still = au.find((u) => u.square === a.target);
    if (still && key(still) === key(target)) continue;
    const moved = au.filter((u) => key(u) === key(target) && !bu.some((v) => v.square === u.square && key(v) === key(u)));
    out.push(
      `${who(target.owner)}: ${title(target.type)} ${a.target} ${before.edition === 'retreat' ? 'retreats' : 'recoils'}${moved.length === 1 ? ` to ${moved[0].square}` : ''}`,
    );
  }
  for (const p of ['1', '2']) {
    const a = before.lost?.[p] ?? 0;
    const b = after.lost?.[p] ?? 0;
    if (b > a) out.push(`${who(Number(p))}: ${b} loss point${b > 1 ? 's' : ''} of ${warfareRules(after.edition).rules.loss_limit}`);
  }
  return out;
}

/// Why the game ended, from the final position.
export function overReason(game: string, v: Json, winner: Json, who: (p: number) => string): string {
  if (game === 'ancient-generals') {
    const out = (p: number) => v.players?.[String(p)] && v.players[String(p)].deck.length === 0 && v.players[String(p)].reserve.length === 0;
    if (winner === 'draw')
      return out(1) && out(2) ? 'Both players ran out of cards in deck and reserve at once.' : `The turn limit (${v.options?.turn_limit}) was reached.`;
    const loser = 3 - Number(winner);
    return out(loser) ? `${who(loser)} ran out of cards: deck and reserve are empty.` : `${who(loser)} lost.`;
  }
  if (winner === 'draw')
    return v.turn >= (v.options?.turn_limit ?? Infinity) ? `The turn limit (${v.options?.turn_limit} turns) was reached.` : 'The game is drawn.';
  const loser = 3 - Number(winner);
  const limit = warfareRules(v.edition).rules.loss_limit;
  const lost = v.lost?.[String(loser)] ?? 0;
  if (lost >= limit) return `${who(loser)} lost ${lost} loss points (the limit is ${limit}).`;
  const general = (v.units ?? []).some((u: Json) => u.owner === loser && (u.type === 'general' || u.general));
  if (!general) return `${who(loser)}’s General was destroyed.`;
  return `${who(loser)} lost.`;
}
