// MOVE PHASE (seed 003) and TERRAIN TYPES, with ruling §1 "Movement" and ruling §2: a Move card
// moves one unit exactly its number of squares in a straight line (8 directions) through empty
// squares onto an empty square; not above the unit's Move limit; Gallop 4 or 5 (5 only for
// Move-5 units); Quick is a knight's jump for Move 3+ units; Psiloi pass through their own
// units; rough stops every unit but Auxilia and Psiloi; War Wagons never enter rough; nothing
// enters impassable; each unit moves at most once per turn; Artillery that moved cannot attack.
#include "warfare/position_builder.h"

namespace wtest {
namespace {

const std::map<std::string, int>& straight_cards() {
  static const std::map<std::string, int> m = {
      {"trod", 1}, {"march", 2}, {"fast-pace", 3}, {"gallop", 4}};
  return m;
}

/// Destinations of a lone unit on an empty 8x8 board moving exactly n squares straight.
std::set<std::string> ring(const std::string& from, int n) {
  std::set<std::string> out;
  for (int df = -1; df <= 1; ++df)
    for (int dr = -1; dr <= 1; ++dr) {
      if (df == 0 && dr == 0) continue;
      const int f = file_of(from) + df * n, r = rank_of(from) + dr * n;
      if (on_board(f, r)) out.insert(square(f, r));
    }
  return out;
}

std::set<std::string> moves_to(const std::set<std::string>& dests, const std::string& card,
                               const std::string& from) {
  std::set<std::string> out;
  for (const auto& d : dests) out.insert("move " + card + " " + from + "-" + d);
  return out;
}

Pos move_phase() {
  return Pos().phase("move");
}

// ---------------------------------------------------------------------------------------------
// Exact distance, lines, board edges.

TEST(Move, ExactlyTheCardsNumberInEachOfTheEightDirections) {
  for (const auto& [card, n] : straight_cards()) {
    if (card == "gallop") continue;
    SCOPED_TRACE(card);
    auto s = move_phase().unit("d4", 1, "knights").hand(1, {card}).state();
    EXPECT_EQ(with_prefix(*s, "move " + card + " d4-"), moves_to(ring("d4", n), card, "d4"));
  }
}

TEST(Move, NotShorterThanTheCard) {
  auto s = move_phase().unit("d3", 1, "knights").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d3-d4");
  EXPECT_ILLEGAL(s, "move march d3-e4");
}

TEST(Move, NotOffTheLines) {
  auto s = move_phase().unit("d3", 1, "knights").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d3-e5");
}

TEST(Move, BoardEdgesLimitTheDestinations) {
  auto a1 = move_phase().unit("a1", 1, "blades").hand(1, {"trod"}).state();
  EXPECT_EQ(with_prefix(*a1, "move trod a1-"),
            (std::set<std::string>{"move trod a1-a2", "move trod a1-b1", "move trod a1-b2"}));
  auto h8 = move_phase().unit("h8", 1, "blades").hand(1, {"march"}).state();
  EXPECT_EQ(with_prefix(*h8, "move march h8-"),
            (std::set<std::string>{"move march h8-f8", "move march h8-f6", "move march h8-h6"}));
}

TEST(Move, ThePlayedCardIsDiscardedAndTheUnitMarkedMoved) {
  auto s = move_phase().unit("d3", 1, "knights").hand(1, {"march", "trod"}).state();
  s->apply_text("move march d3-d5");
  const json p = s->to_json();
  EXPECT_TRUE(unit_at(p, "d3").is_null());
  EXPECT_EQ(unit_at(p, "d5").at("type"), "knights");
  EXPECT_EQ(unit_at(p, "d5").at("moved"), true);
  EXPECT_EQ(cards(p.at("hands").at("1")), std::vector<std::string>{"trod"});
  EXPECT_EQ(count_in(p.at("discard"), "march"), 1);
  EXPECT_EQ(p.at("phase"), "move");
  EXPECT_EQ(p.at("to_act"), 1);
}

TEST(Move, Player2MovesDownTheBoardToo) {
  auto s = move_phase().active(2).unit("d7", 2, "blades").hand(2, {"march"}).state();
  EXPECT_LEGAL(s, "move march d7-d5");
  EXPECT_LEGAL(s, "move march d7-f7");
}

TEST(Move, OnlyOwnUnits) {
  auto s = move_phase().unit("d7", 2, "blades").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d7-d5");
}

TEST(Move, NeedsTheCardInHand) {
  auto s = move_phase().unit("d3", 1, "knights").hand(1, {"trod"}).state();
  EXPECT_ILLEGAL(s, "move march d3-d5");
}

TEST(Move, OnlyInTheMovePhase) {
  auto s = Pos().unit("d3", 1, "knights").hand(1, {"march", "trod"}).state();
  EXPECT_TRUE(with_prefix(*s, "move ").empty());
  EXPECT_THROW(s->apply_text("move march d3-d5"), ancients::IllegalAction);
}

// ---------------------------------------------------------------------------------------------
// Move limit.

class MoveLimit : public ::testing::TestWithParam<std::string> {};

TEST_P(MoveLimit, CardsUpToTheMoveLimit) {
  const std::string type = GetParam();
  const int limit = stats(type).move;
  for (const auto& [card, n] : straight_cards()) {
    SCOPED_TRACE(card);
    auto s = move_phase().unit("d4", 1, type).hand(1, {card}).state();
    EXPECT_EQ(!with_prefix(*s, "move " + card + " d4-").empty(), n <= limit)
        << type << " (Move " << limit << ") with " << card;
  }
}

TEST_P(MoveLimit, QuickOnlyForMoveThreeOrMore) {
  const std::string type = GetParam();
  auto s = move_phase().unit("d4", 1, type).hand(1, {"quick"}).state();
  EXPECT_EQ(has(*s, "move quick d4-e6"), stats(type).move >= 3);
  if (stats(type).move < 3) EXPECT_ILLEGAL(s, "move quick d4-e6");
}

INSTANTIATE_TEST_SUITE_P(AllTypes, MoveLimit, ::testing::ValuesIn(all_types()),
                         [](const ::testing::TestParamInfo<std::string>& param_info) {
                           return param_name(param_info.param);
                         });

TEST(Move, PikesOnlyTrod) {
  auto s = move_phase().unit("d4", 1, "pikes").hand(1, {"trod", "march"}).state();
  EXPECT_LEGAL(s, "move trod d4-d5");
  EXPECT_ILLEGAL(s, "move march d4-d6");
}

TEST(Move, TheCampNeverMoves) {
  auto s = move_phase().unit("d4", 1, "camp").hand(1, {"trod", "quick"}).state();
  EXPECT_TRUE(with_prefix(*s, "move ").empty());
}

// ---------------------------------------------------------------------------------------------
// Gallop: 4 or 5, 5 only for Move-5 units.

TEST(Gallop, MoveFourUnitsGallopFourOnly) {
  for (const std::string t : {"cavalry", "scythed-chariots"}) {
    SCOPED_TRACE(t);
    auto s = move_phase().unit("a1", 1, t).hand(1, {"gallop"}).state();
    EXPECT_EQ(with_prefix(*s, "move gallop a1-"), moves_to(ring("a1", 4), "gallop", "a1"));
  }
}

TEST(Gallop, MoveFiveUnitsGallopFourOrFive) {
  auto s = move_phase().unit("a1", 1, "light-horse").hand(1, {"gallop"}).state();
  std::set<std::string> dests = ring("a1", 4);
  for (const auto& d : ring("a1", 5)) dests.insert(d);
  EXPECT_EQ(with_prefix(*s, "move gallop a1-"), moves_to(dests, "gallop", "a1"));
  s->apply_text("move gallop a1-f6");
  EXPECT_EQ(unit_at(*s, "f6").at("type"), "light-horse");
}

TEST(Gallop, NotForMoveThreeUnits) {
  auto s = move_phase().unit("a1", 1, "knights").hand(1, {"gallop"}).state();
  EXPECT_ILLEGAL(s, "move gallop a1-a5");
}

TEST(Gallop, FiveStillNeedsAClearPath) {
  auto s =
      move_phase().unit("a1", 1, "light-horse").unit("a5", 2, "blades").hand(1, {"gallop"}).state();
  EXPECT_ILLEGAL(s, "move gallop a1-a6");
  EXPECT_ILLEGAL(s, "move gallop a1-a5");
}

// ---------------------------------------------------------------------------------------------
// Quick: a knight's jump.

TEST(Quick, KnightJumpDestinations) {
  auto s = move_phase().unit("d4", 1, "knights").hand(1, {"quick"}).state();
  EXPECT_EQ(with_prefix(*s, "move quick d4-"),
            (std::set<std::string>{"move quick d4-e6", "move quick d4-c6", "move quick d4-f5",
                                   "move quick d4-b5", "move quick d4-f3", "move quick d4-b3",
                                   "move quick d4-e2", "move quick d4-c2"}));
}

TEST(Quick, JumpsOverUnits) {
  auto s = move_phase()
               .unit("d4", 1, "cavalry")
               .unit("d5", 1, "blades")
               .unit("e5", 2, "blades")
               .unit("e4", 1, "blades")
               .hand(1, {"quick"})
               .state();
  EXPECT_LEGAL(s, "move quick d4-e6");
  EXPECT_LEGAL(s, "move quick d4-f5");
}

TEST(Quick, DestinationMustBeEmptyAndEnterable) {
  auto s = move_phase()
               .unit("d4", 1, "cavalry")
               .unit("e6", 1, "blades")
               .unit("c6", 2, "blades")
               .terrain("f5", "impassable")
               .terrain("b5", "rough")
               .hand(1, {"quick"})
               .state();
  EXPECT_ILLEGAL(s, "move quick d4-e6");
  EXPECT_ILLEGAL(s, "move quick d4-c6");
  EXPECT_ILLEGAL(s, "move quick d4-f5");
  EXPECT_LEGAL(s, "move quick d4-b5");
}

TEST(Quick, IsNotAStraightMove) {
  auto s = move_phase().unit("d4", 1, "knights").hand(1, {"quick"}).state();
  EXPECT_ILLEGAL(s, "move quick d4-d5");
  EXPECT_ILLEGAL(s, "move quick d4-d7");
}

// ---------------------------------------------------------------------------------------------
// Other units block the way.

TEST(Blocking, AFriendlyUnitOnThePath) {
  auto s = move_phase().unit("d3", 1, "knights").unit("d4", 1, "blades").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d3-d5");
}

TEST(Blocking, AnEnemyUnitOnThePath) {
  auto s = move_phase().unit("d3", 1, "knights").unit("e4", 2, "blades").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d3-f5");
}

TEST(Blocking, TheDestinationOccupied) {
  auto s = move_phase()
               .unit("d3", 1, "knights")
               .unit("d5", 2, "blades")
               .unit("f5", 1, "blades")
               .hand(1, {"march"})
               .state();
  EXPECT_ILLEGAL(s, "move march d3-d5");
  EXPECT_ILLEGAL(s, "move march d3-f5");
}

TEST(Blocking, PsiloiPassThroughTheirOwnUnits) {
  auto s = move_phase()
               .unit("d3", 1, "psiloi")
               .unit("d4", 1, "blades")
               .unit("d5", 1, "warband")
               .hand(1, {"fast-pace"})
               .state();
  EXPECT_LEGAL(s, "move fast-pace d3-d6");
  s->apply_text("move fast-pace d3-d6");
  EXPECT_EQ(unit_at(*s, "d6").at("type"), "psiloi");
  EXPECT_EQ(unit_at(*s, "d4").at("type"), "blades");
}

TEST(Blocking, PsiloiNotThroughEnemyUnits) {
  auto s = move_phase().unit("d3", 1, "psiloi").unit("d4", 2, "blades").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d3-d5");
}

TEST(Blocking, PsiloiCannotStopOnTheirOwnUnits) {
  auto s = move_phase().unit("d3", 1, "psiloi").unit("d5", 1, "blades").hand(1, {"march"}).state();
  EXPECT_ILLEGAL(s, "move march d3-d5");
}

TEST(Blocking, OnlyPsiloiPassThroughFriends) {
  for (const std::string t : {"auxilia", "light-horse", "cavalry", "knights", "general"}) {
    SCOPED_TRACE(t);
    auto s = move_phase().unit("d3", 1, t).unit("d4", 1, "blades").hand(1, {"march"}).state();
    EXPECT_ILLEGAL(s, "move march d3-d5");
  }
}

// ---------------------------------------------------------------------------------------------
// Terrain.

TEST(Rough, MustStopUponEntering) {
  for (const std::string t : {"knights", "cavalry", "light-horse", "blades", "general", "elephants",
                              "scythed-chariots", "warband", "spears", "bows"}) {
    SCOPED_TRACE(t);
    auto s =
        move_phase().terrain("d4", "rough").unit("d3", 1, t).hand(1, {"march", "trod"}).state();
    EXPECT_ILLEGAL(s, "move march d3-d5");
    EXPECT_LEGAL(s, "move trod d3-d4");
  }
}

TEST(Rough, MayEndTheMoveInRough) {
  auto s = move_phase().terrain("d5", "rough").unit("d3", 1, "knights").hand(1, {"march"}).state();
  EXPECT_LEGAL(s, "move march d3-d5");
}

TEST(Rough, LeavingRoughIsFree) {
  auto s =
      move_phase().terrain("d4", "rough").unit("d4", 1, "knights").hand(1, {"fast-pace"}).state();
  EXPECT_LEGAL(s, "move fast-pace d4-d7");
}

TEST(Rough, AuxiliaAndPsiloiMoveThrough) {
  for (const std::string t : {"auxilia", "psiloi"}) {
    SCOPED_TRACE(t);
    auto s = move_phase()
                 .terrain("d4", "rough")
                 .terrain("d5", "rough")
                 .unit("d3", 1, t)
                 .hand(1, {"fast-pace"})
                 .state();
    EXPECT_LEGAL(s, "move fast-pace d3-d6");
  }
}

TEST(Rough, WarWagonsCannotEnter) {
  auto s = move_phase()
               .terrain("d4", "rough")
               .terrain("f5", "rough")
               .unit("d3", 1, "war-wagons")
               .hand(1, {"trod", "march"})
               .state();
  EXPECT_ILLEGAL(s, "move trod d3-d4");
  EXPECT_ILLEGAL(s, "move march d3-d5");
  EXPECT_ILLEGAL(s, "move march d3-f5");
  EXPECT_LEGAL(s, "move march d3-b5");
}

TEST(Impassable, NoUnitMayEnter) {
  for (const std::string t : {"knights", "auxilia", "psiloi", "light-horse"}) {
    SCOPED_TRACE(t);
    auto s = move_phase()
                 .terrain("d4", "impassable")
                 .unit("d3", 1, t)
                 .hand(1, {"trod", "march"})
                 .state();
    EXPECT_ILLEGAL(s, "move trod d3-d4");
    EXPECT_ILLEGAL(s, "move march d3-d5");
  }
}

TEST(Hill, IsClearForMovement) {
  auto s = move_phase()
               .terrain("d4", "hill")
               .terrain("d5", "hill")
               .unit("d3", 1, "knights")
               .hand(1, {"fast-pace"})
               .state();
  EXPECT_LEGAL(s, "move fast-pace d3-d6");
}

// ---------------------------------------------------------------------------------------------
// Each unit moves once per turn.

TEST(MoveOnce, AMovedUnitCannotMoveAgain) {
  auto s = move_phase().unit("d3", 1, "knights").hand(1, {"trod", "march"}).state();
  s->apply_text("move trod d3-d4");
  EXPECT_TRUE(with_prefix(*s, "move march d4-").empty());
  EXPECT_ILLEGAL(s, "move march d4-d6");
}

TEST(MoveOnce, AUnitMarkedMovedCannotMove) {
  auto s = move_phase().moved("d3", 1, "knights").hand(1, {"trod"}).state();
  EXPECT_TRUE(with_prefix(*s, "move ").empty());
}

TEST(MoveOnce, OtherUnitsMayStillMove) {
  auto s = move_phase()
               .unit("d3", 1, "knights")
               .unit("e3", 1, "knights")
               .hand(1, {"trod", "trod"})
               .state();
  s->apply_text("move trod d3-d4");
  EXPECT_LEGAL(s, "move trod e3-e4");
}

// ---------------------------------------------------------------------------------------------
// Artillery cannot move and attack in the same turn.

TEST(ArtilleryMoveOrAttack, NoAttackAfterMovingThisTurn) {
  auto s = move_phase()
               .unit("d1", 1, "artillery")
               .unit("d5", 2, "elephants")
               .unit("d6", 2, "knights")
               .hand(1, {"trod", "attack", "special-ability"})
               .state();
  s->apply_text("move trod d1-d2");
  APPLY(s, "end");
  EXPECT_EQ(s->to_json().at("phase"), "battle");
  EXPECT_TRUE(with_prefix(*s, "autokill d2x").empty());
  EXPECT_TRUE(with_prefix(*s, "attack attack d2x").empty());
  EXPECT_TRUE(with_prefix(*s, "attack special-ability d2x").empty());
}

TEST(ArtilleryMoveOrAttack, AttacksWhenItDidNotMove) {
  auto s = move_phase()
               .unit("d1", 1, "artillery")
               .unit("d5", 2, "elephants")
               .hand(1, {"trod", "attack"})
               .state();
  APPLY(s, "end");
  EXPECT_LEGAL(s, "autokill d1xd5");
}

// ---------------------------------------------------------------------------------------------
// Group advance: one Move card (not K) moves two or more units straight forward by exactly its
// number, each unit allowed to use the card and unmoved, resolved front rank first; the whole
// action is illegal if any unit cannot make its move.

TEST(GroupAdvance, TwoUnitsSideBySide) {
  auto s = move_phase().unit("c2", 1, "blades").unit("d2", 1, "blades").hand(1, {"march"}).state();
  const std::string act = find_advance(*s, "march", {"c2", "d2"});
  ASSERT_FALSE(act.empty()) << "legal:" << join(legal_set(*s));
  s->apply_text(act);
  const json p = s->to_json();
  EXPECT_EQ(unit_at(p, "c4").at("type"), "blades");
  EXPECT_EQ(unit_at(p, "d4").at("type"), "blades");
  EXPECT_EQ(unit_at(p, "c4").at("moved"), true);
  EXPECT_EQ(unit_at(p, "d4").at("moved"), true);
  EXPECT_TRUE(unit_at(p, "c2").is_null());
  EXPECT_EQ(count_in(p.at("discard"), "march"), 1);
  EXPECT_TRUE(p.at("hands").at("1").empty());
}

TEST(GroupAdvance, UnitsNeedNotBeAdjacent) {
  auto s = move_phase().unit("a2", 1, "blades").unit("h1", 1, "knights").hand(1, {"trod"}).state();
  const std::string act = find_advance(*s, "trod", {"a2", "h1"});
  ASSERT_FALSE(act.empty());
  s->apply_text(act);
  EXPECT_FALSE(unit_at(*s, "a3").is_null());
  EXPECT_FALSE(unit_at(*s, "h2").is_null());
}

TEST(GroupAdvance, OneUnitIsAMoveNotAnAdvance) {
  auto s = move_phase().unit("c2", 1, "blades").unit("d2", 1, "blades").hand(1, {"march"}).state();
  EXPECT_TRUE(find_advance(*s, "march", {"c2"}).empty());
  EXPECT_THROW(s->apply_text("advance march c2"), ancients::IllegalAction);
}

TEST(GroupAdvance, ColumnAdvancesAsABlockFrontRankFirst) {
  for (const std::string card : {"trod", "march"}) {
    SCOPED_TRACE(card);
    const int n = straight_cards().at(card);
    auto s = move_phase().unit("d2", 1, "blades").unit("d3", 1, "warband").hand(1, {card}).state();
    const std::string act = find_advance(*s, card, {"d2", "d3"});
    ASSERT_FALSE(act.empty()) << "legal:" << join(legal_set(*s));
    s->apply_text(act);
    EXPECT_EQ(unit_at(*s, square(3, 1 + n)).at("type"), "blades");
    EXPECT_EQ(unit_at(*s, square(3, 2 + n)).at("type"), "warband");
  }
}

TEST(GroupAdvance, Player2ForwardIsDownTheBoard) {
  auto s = move_phase()
               .active(2)
               .unit("c7", 2, "blades")
               .unit("d7", 2, "blades")
               .hand(2, {"march"})
               .state();
  const std::string act = find_advance(*s, "march", {"c7", "d7"});
  ASSERT_FALSE(act.empty());
  s->apply_text(act);
  EXPECT_EQ(unit_at(*s, "c5").at("owner"), 2);
  EXPECT_EQ(unit_at(*s, "d5").at("owner"), 2);
}

TEST(GroupAdvance, IllegalIfOneUnitIsBlocked) {
  auto s = move_phase()
               .unit("d2", 1, "blades")
               .unit("d3", 1, "blades")
               .unit("d4", 2, "warband")
               .hand(1, {"trod"})
               .state();
  EXPECT_TRUE(find_advance(*s, "trod", {"d2", "d3"}).empty());
}

TEST(GroupAdvance, IllegalIfOneUnitWouldLeaveTheBoard) {
  auto s = move_phase().unit("c7", 1, "blades").unit("d5", 1, "blades").hand(1, {"march"}).state();
  EXPECT_TRUE(find_advance(*s, "march", {"c7", "d5"}).empty());
}

TEST(GroupAdvance, RoughStopsTheUnitsThatMustStop) {
  auto s = move_phase()
               .terrain("c3", "rough")
               .unit("c2", 1, "knights")
               .unit("d2", 1, "knights")
               .hand(1, {"march"})
               .state();
  EXPECT_TRUE(find_advance(*s, "march", {"c2", "d2"}).empty());
  auto aux = move_phase()
                 .terrain("c3", "rough")
                 .unit("c2", 1, "auxilia")
                 .unit("d2", 1, "psiloi")
                 .hand(1, {"march"})
                 .state();
  EXPECT_FALSE(find_advance(*aux, "march", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, EndingInRoughIsFine) {
  auto s = move_phase()
               .terrain("c4", "rough")
               .unit("c2", 1, "knights")
               .unit("d2", 1, "knights")
               .hand(1, {"march"})
               .state();
  EXPECT_FALSE(find_advance(*s, "march", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, WarWagonsCannotAdvanceIntoRough) {
  auto s = move_phase()
               .terrain("c3", "rough")
               .unit("c2", 1, "war-wagons")
               .unit("d2", 1, "blades")
               .hand(1, {"trod"})
               .state();
  EXPECT_TRUE(find_advance(*s, "trod", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, ImpassableBlocks) {
  auto s = move_phase()
               .terrain("d3", "impassable")
               .unit("c2", 1, "blades")
               .unit("d2", 1, "blades")
               .hand(1, {"trod"})
               .state();
  EXPECT_TRUE(find_advance(*s, "trod", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, EveryUnitMustBeAllowedTheCard) {
  auto s = move_phase().unit("c2", 1, "pikes").unit("d2", 1, "blades").hand(1, {"march"}).state();
  EXPECT_TRUE(find_advance(*s, "march", {"c2", "d2"}).empty());
  auto trod = move_phase().unit("c2", 1, "pikes").unit("d2", 1, "blades").hand(1, {"trod"}).state();
  EXPECT_FALSE(find_advance(*trod, "trod", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, NotWithTheCamp) {
  auto s = move_phase().unit("c2", 1, "camp").unit("d2", 1, "blades").hand(1, {"trod"}).state();
  EXPECT_TRUE(find_advance(*s, "trod", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, NotWithAUnitThatMoved) {
  auto s = move_phase().moved("c2", 1, "blades").unit("d2", 1, "blades").hand(1, {"trod"}).state();
  EXPECT_TRUE(find_advance(*s, "trod", {"c2", "d2"}).empty());
}

TEST(GroupAdvance, AdvancedUnitsCannotMoveAgain) {
  auto s = move_phase()
               .unit("c2", 1, "blades")
               .unit("d2", 1, "blades")
               .hand(1, {"trod", "trod"})
               .state();
  s->apply_text(find_advance(*s, "trod", {"c2", "d2"}));
  EXPECT_TRUE(with_prefix(*s, "move ").empty());
  EXPECT_TRUE(find_advance(*s, "trod", {"c3", "d3"}).empty());
}

TEST(GroupAdvance, NotWithQuick) {
  auto s =
      move_phase().unit("c2", 1, "knights").unit("d2", 1, "knights").hand(1, {"quick"}).state();
  EXPECT_TRUE(with_prefix(*s, "advance ").empty());
}

TEST(GroupAdvance, GallopMovesTheGroupFour) {
  auto s = move_phase()
               .unit("c1", 1, "light-horse")
               .unit("d1", 1, "light-horse")
               .hand(1, {"gallop"})
               .state();
  const std::string act = find_advance(*s, "gallop", {"c1", "d1"});
  ASSERT_FALSE(act.empty());
  s->apply_text(act);
  EXPECT_EQ(unit_at(*s, "c5").at("type"), "light-horse");
  EXPECT_EQ(unit_at(*s, "d5").at("type"), "light-horse");
}

TEST(GroupAdvance, ThreeUnits) {
  auto s = move_phase()
               .unit("c2", 1, "blades")
               .unit("d2", 1, "spears")
               .unit("e2", 1, "warband")
               .hand(1, {"march"})
               .state();
  const std::string act = find_advance(*s, "march", {"c2", "d2", "e2"});
  ASSERT_FALSE(act.empty());
  s->apply_text(act);
  EXPECT_EQ(unit_at(*s, "c4").at("type"), "blades");
  EXPECT_EQ(unit_at(*s, "d4").at("type"), "spears");
  EXPECT_EQ(unit_at(*s, "e4").at("type"), "warband");
}

TEST(GroupAdvance, OnlyInTheMovePhase) {
  auto s = Pos().unit("c2", 1, "blades").unit("d2", 1, "blades").hand(1, {"trod"}).state();
  EXPECT_TRUE(with_prefix(*s, "advance ").empty());
}

}  // namespace
}  // namespace wtest
