// Labels and texts for Ancient Warfare's and Ancient Generals' options, as the game page (the
// house rules in play) and the rules page show them. The lobby does not read this file: it is
// built from the server's catalogue (GET /api/catalogue, the games' option schemas; see
// optionform.ts). `field` says where the value went in the older create request.
export type Value = string | number | boolean;

export interface Choice {
  value: Value;
  label: string;
}

export interface OptionSpec {
  name: string;
  field: string; // "options.board", "edition", ...
  label: string;
  type: 'bool' | 'int' | 'choice';
  default: Value;
  values?: Choice[];
  min?: number;
  max?: number;
  description: string;
  group: 'setup' | 'rules' | 'house';
  /// Options this one needs: {name: value}. Unmet, the control is disabled and off.
  needs?: Record<string, Value>;
}

export interface GameSpec {
  name: string;
  title: string;
  description: string;
  /// Setup choices besides the options: armies per seat and a battlefield.
  armies: boolean;
  battlefield: boolean;
  options: OptionSpec[];
}

const house = (name: string, label: string, description: string, needs?: Record<string, Value>): OptionSpec => ({
  name,
  field: `options.${name}`,
  label,
  type: 'bool',
  default: false,
  description,
  group: 'house',
  needs,
});

export const GAMES: GameSpec[] = [
  {
    name: 'ancient-warfare',
    title: 'Ancient Warfare',
    description: 'Two armies of 13 units on a chessboard battlefield, commanded with a shared deck of cards.',
    armies: true,
    battlefield: true,
    options: [
      {
        name: 'edition',
        field: 'edition',
        label: 'Edition',
        type: 'choice',
        default: 'autokill',
        values: [
          { value: 'autokill', label: 'Autokill edition' },
          { value: 'retreat', label: 'Retreat edition' },
        ],
        description: 'Autokill: units destroy some enemy types without a card. Retreat: attacks force retreats.',
        group: 'setup',
      },
      {
        name: 'board',
        field: 'options.board',
        label: 'Board',
        type: 'choice',
        default: 8,
        values: [
          { value: 8, label: '8 × 8' },
          { value: 12, label: '12 × 12' },
        ],
        description: 'Squares a side. A bundled map sets its own board.',
        group: 'setup',
      },
      {
        name: 'turn_limit',
        field: 'options.turn_limit',
        label: 'Turn limit',
        type: 'int',
        default: 200,
        min: 1,
        max: 100000,
        description: 'Reaching it ends the game as a draw.',
        group: 'rules',
      },
      house('defend_autokill', 'Defend against auto-kills', 'Defence cards may answer auto-kills too.'),
      house('pursuit', 'Pursuit', 'Knights, Scythed Chariots, Horde and Warband follow up a target that leaves its square.'),
      house('multi_move', 'Multiple moves', 'Any number of Move cards on one unit per turn.'),
      house('retreat_away', 'Retreat away', 'A recoil or retreat square must not touch an enemy unit.'),
      house('elephant_house', 'House Elephants', 'Elephants: Move 3, Range 1, special ability = attack at range 2.'),
      house('horde_house', 'House Horde', 'Adds the Horde: Move 2, Range 1, no ability, never auto-killed.'),
      house('nominated_general', 'Nominated General', 'The General is one of the army’s elements, of its type.'),
      house('house_terrain', 'House terrain', 'Generated battlefields get woods, built-up areas, steep hills and rivers.'),
      house('dba_setup', 'DBA-style set-up', 'Four back rows without the side files; the defender swaps two attacker units. Needs the 12 × 12 board.', {
        board: 12,
      }),
    ],
  },
  {
    name: 'ancient-generals',
    title: 'Ancient Generals',
    description: 'A card game of battles: unit cards attack and block, tactics cards turn combats, flank points encircle.',
    armies: false,
    battlefield: false,
    options: [
      {
        name: 'turn_limit',
        field: 'options.turn_limit',
        label: 'Turn limit',
        type: 'int',
        default: 300,
        min: 1,
        max: 100000,
        description: 'Reaching it ends the game as a draw.',
        group: 'rules',
      },
      {
        name: 'first_player',
        field: 'options.first_player',
        label: 'First player',
        type: 'choice',
        default: 1,
        values: [
          { value: 1, label: 'player 1' },
          { value: 2, label: 'player 2' },
          { value: 0, label: 'drawn at random' },
        ],
        description: 'Who takes the first turn.',
        group: 'rules',
      },
    ],
  },
];
