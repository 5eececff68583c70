// Help screens of the terminal game (see terminal_help.h).
#include "cli/terminal_help.h"

namespace ancients::cli {

std::string help_text() {
  return R"(Actions (type the text, or the number of a menu item):
  deploy TYPE[*]:SQ,...    your whole deployment, * = Elite:
                           deploy general:d1,camp:e1,blades*:d2,blades:e2,...
  auto                     (deployment) deploy automatically
  discard CARD             orders phase, down to 5 cards: discard march
  move CARD FROM-TO        move one unit: move march c2-c4, move quick b1-c3
  advance CARD SQ,SQ,...   group advance straight forward, 2+ units: advance trod c2,d2,e2
  dismount SQ              Knights become Blades (special-ability): dismount f2
  scout                    play Scout and see the opponent's hand (a multiplayer battle:
  scout P                  the hand of opposing player P)
  end                      end the move phase / end the battle phase and the turn
  autokill FROMxTO         auto-kill, no card: autokill d4xd5
  attack CARD FROMxTO      card attack: attack attack c4xc5, attack special-ability b2xb4
  attack CARD FROM-VIAxTO  Elephants' Trample: attack special-ability e3-e4xe5
  defend CARD              answer an attack on your unit: defend push
  pass                     let the attack go through (or, DBA set-up, swap nothing)
  swap SQ,SQ               DBA set-up, player 2 after both deployments: swap two of
                           player 1's units (DBA set-up)
The defender's battlefield (DBA set-up, map "defender"), before deployment, player 2:
  topography NAME          choose the home topography: topography arable
  terrain KIND SQ          place a feature square by square: terrain wood d5 (a river:
                           terrain river SQ SQ, the squares either side of its next edge)
  terrain auto             place the whole battlefield automatically (before any feature)
  terrain done             finish, once the features make a complete choice
  side north|south         your edge: north keeps the battlefield, south turns it round
Squares are named like chess squares: files a.. from player 1's left, ranks 1.. from
player 1's back edge. Player 1 deploys on ranks 1-2, player 2 on the two highest ranks
(option dba_setup: the four back rows, files c-j). TYPE! in a deployment marks a nominated
General (house rule nominated_general).
Commands: help, cards (the cards), units (the unit types), info NAME or SQ (a unit,
  card or terrain explained; a square: its unit and ground), info N (menu item N in
  words), board, hand, menu, all (every legal action), quit (the record is saved after
  every action; `ancients play --resume RECORD` goes on with the game).
)";
}

}  // namespace ancients::cli
