// Tests of the defender's battlefield (shared/rules/dba-battlefield-and-lists.md, "The defender's
// battlefield", with dba_setup and the map "defender"): the topography, each feature's shape and
// the sheet's limits, the automatic placement as one action, the side, refusals with reasons,
// positions that round-trip mid-phase, and the game that follows.
#include <set>

#include "core/errors.h"
#include "games/warfare/battlefield_phase.h"
#include "games/warfare/setup.h"
#include "warfare/dba_games.h"
#include "warfare/position_builder.h"

namespace wtest {
namespace {

using ancients::warfare::FieldStep;
using ancients::warfare::GameSetup;
using ancients::warfare::Options;
using ancients::warfare::Phase;
using ancients::warfare::Terrain;
using ancients::warfare::WarfareState;

std::unique_ptr<WarfareState> defender_game(std::uint64_t seed = 5,
                                            const std::string& edition = "autokill") {
  return dba_game(seed, true, edition);
}

std::set<std::string> legal(const State& s) {
  const auto texts = s.legal_texts();
  return {texts.begin(), texts.end()};
}

std::set<std::string> with_verb(const State& s, const std::string& prefix) {
  std::set<std::string> out;
  for (const auto& t : s.legal_texts())
    if (t.rfind(prefix, 0) == 0) out.insert(t);
  return out;
}

/// The refusal's message for an action, or "" when it was accepted.
std::string refusal(const State& s, const std::string& action) {
  try {
    s.clone()->apply_text(action);
  } catch (const ancients::IllegalAction& e) {
    return e.what();
  }
  return "";
}

int sq(const std::string& name) {
  return *ancients::warfare::parse_square(name, 12);
}

void expect_round_trip(const WarfareState& s) {
  const auto back = make(s.to_json());
  EXPECT_TRUE(back->equals(s)) << s.to_json().dump();
  ancients::ActionList a, b;
  back->legal_actions(a);
  s.legal_actions(b);
  EXPECT_EQ(std::vector<ancients::Action>(a.begin(), a.end()),
            std::vector<ancients::Action>(b.begin(), b.end()));
}

TEST(DefendersBattlefield, TheDefenderChoosesOneOfTheSevenTopographiesFirst) {
  auto s = defender_game();
  EXPECT_EQ(s->phase(), Phase::kBattlefield);
  EXPECT_EQ(s->to_act(), 2) << "the defender places the terrain";
  EXPECT_EQ(with_verb(*s, "topography ").size(), 7u);
  EXPECT_EQ(legal(*s).size(), 7u);
  EXPECT_NE(refusal(*s, "terrain wood e6").find("topography"), std::string::npos);
  EXPECT_NE(refusal(*s, "topography moon").find("unknown home topography"), std::string::npos);
  EXPECT_NE(refusal(*s, "deploy spears:e1").find("setting up the battlefield"), std::string::npos);
  expect_round_trip(*s);
  s->apply_text("topography forest");
  EXPECT_EQ(s->field().step, FieldStep::kFeatures);
  EXPECT_NE(refusal(*s, "topography arable").find("already chosen"), std::string::npos);
}

TEST(DefendersBattlefield, TheDefendersHomeTopographyIsOfferedFirst) {
  ensure_registered();
  Options o;
  o.board = 12;
  o.dba_setup = true;
  auto rules = ancients::warfare::ruleset_for("autokill", o);
  GameSetup setup;
  setup.options = o;
  setup.armies[0] = ancients::warfare::find_army("gauls", *rules);
  setup.armies[1] = ancients::warfare::find_army("marian-romans", *rules);
  setup.armies[1].topography = "hilly";
  setup.field.board = 12;
  setup.defender_battlefield = true;
  auto s = ancients::warfare::new_game(setup);
  EXPECT_EQ(s->legal_texts().front(), "topography hilly");
  EXPECT_EQ(ancients::warfare::battlefield_choice(*s), "topography hilly");
  expect_round_trip(*s);
  // The army file carries it, and refuses one the sheet does not know.
  json army = ancients::warfare::army_to_json(setup.armies[1], *rules);
  EXPECT_EQ(army["topography"], "hilly");
  army["topography"] = "moon";
  EXPECT_THROW(ancients::warfare::army_from_json(army, *rules, "test"), ancients::BadInput);
}

TEST(DefendersBattlefield, OnlyTheTopographysFeatureKindsAreOffered) {
  auto s = defender_game();
  s->apply_text("topography forest");  // compulsory 1-2 Wood; optional river, marsh, GH, wood, BUA
  std::set<std::string> kinds;
  for (const auto& t : legal(*s)) kinds.insert(t.substr(8, t.find(' ', 8) - 8));
  EXPECT_EQ(kinds, (std::set<std::string>{"auto", "bua", "gentle-hill", "marsh", "river", "wood"}));
  EXPECT_NE(refusal(*s, "terrain road e1").find("does not fit"), std::string::npos);
  EXPECT_NE(refusal(*s, "terrain done").find("complete choice"), std::string::npos);
}

TEST(DefendersBattlefield, AWoodCoversSixConnectedSquaresPlacedOneByOne) {
  auto s = defender_game();
  s->apply_text("topography forest");
  s->apply_text("terrain wood e6");
  EXPECT_EQ(s->terrain(sq("e6")), Terrain::kWoods);
  // Only the squares touching the wood are offered next, all of the wood.
  const auto next = legal(*s);
  EXPECT_EQ(next, (std::set<std::string>{"terrain wood e5", "terrain wood e7", "terrain wood d6",
                                         "terrain wood f6"}));
  EXPECT_NE(refusal(*s, "terrain wood h9").find("touch it"), std::string::npos);
  EXPECT_NE(refusal(*s, "terrain marsh h9").find("finish the Wood"), std::string::npos);
  expect_round_trip(*s);
  for (const char* q : {"f6", "g6", "g7", "g8", "h8"})
    s->apply_text(std::string("terrain wood ") + q);
  EXPECT_EQ(s->field().building, 0) << "six squares make the wood";
  for (const char* q : {"e6", "f6", "g6", "g7", "g8", "h8"})
    EXPECT_EQ(s->terrain(sq(q)), Terrain::kWoods) << q;
  // A new feature may not start on the wood.
  EXPECT_FALSE(legal(*s).contains("terrain marsh g7"));
  EXPECT_TRUE(legal(*s).contains("terrain marsh a6"));
}

TEST(DefendersBattlefield, ABuiltUpAreaIsOneSquareWithinFiveOfTwoEdges) {
  auto s = defender_game();
  s->apply_text("topography arable");
  const auto bua = with_verb(*s, "terrain bua ");
  EXPECT_EQ(bua.size(), 100u) << "the four 5x5 corners of the 12x12 board";
  EXPECT_TRUE(bua.contains("terrain bua e5"));
  EXPECT_FALSE(bua.contains("terrain bua f6")) << "f6 is 5 squares from the west edge";
  EXPECT_NE(refusal(*s, "terrain bua f6").find("within 5 squares of two board edges"),
            std::string::npos);
  s->apply_text("terrain bua l12");
  EXPECT_EQ(s->terrain(sq("l12")), Terrain::kBuiltUp);
  EXPECT_EQ(s->field().building, 0);
  EXPECT_TRUE(with_verb(*s, "terrain bua ").empty()) << "at most one BUA";
}

TEST(DefendersBattlefield, ARiverRunsAlongSquareEdgesFromOneBoardEdgeToAnother) {
  auto s = defender_game();
  s->apply_text("topography forest");
  // The first edge touches a board edge: a1|a2 starts at the west edge.
  EXPECT_TRUE(legal(*s).contains("terrain river a6 a7"));
  EXPECT_FALSE(legal(*s).contains("terrain river e6 e7")) << "e6|e7 touches no board edge";
  EXPECT_NE(refusal(*s, "terrain river e6 e7").find("board edge"), std::string::npos);
  s->apply_text("terrain river a6 a7");
  EXPECT_TRUE(s->crosses_river(sq("a6"), sq("a7")));
  // It goes on from its open end (the corner of a6, a7, b6, b7).
  EXPECT_EQ(legal(*s), (std::set<std::string>{"terrain river b6 b7", "terrain river a6 b6",
                                              "terrain river a7 b7"}));
  expect_round_trip(*s);
  for (char f = 'b'; f <= 'k'; ++f) s->apply_text(fmt::format("terrain river {}6 {}7", f, f));
  EXPECT_EQ(s->field().building, 1);
  // The last edge reaches the east edge and ends the river.
  s->apply_text("terrain river l6 l7");
  EXPECT_EQ(s->field().building, 0);
  EXPECT_EQ(s->rivers().size(), 12u);
  EXPECT_TRUE(with_verb(*s, "terrain river ").empty()) << "at most one river";
  // The position and the views list the river's edges as rivers() does, in its order.
  const auto edges = s->rivers();
  for (const auto& written : {s->to_json(), s->view_json(1), s->view_json(0)}) {
    ASSERT_EQ(written["rivers"].size(), edges.size());
    for (std::size_t i = 0; i < edges.size(); ++i)
      EXPECT_EQ(
          written["rivers"][i],
          nlohmann::json::array({ancients::warfare::square_name(edges[i].first, s->geo().width),
                                 ancients::warfare::square_name(edges[i].second, s->geo().width)}))
          << i;
  }
}

TEST(DefendersBattlefield, ARiverMayNotReturnToItsOwnEdgeNorTrapItself) {
  auto s = defender_game();
  s->apply_text("topography forest");
  s->apply_text("terrain river a6 a7");
  s->apply_text("terrain river a7 b7");  // turns north: the end is at the corner a7/a8/b7/b8
  // Going west from there would reach the west edge again: not offered.
  EXPECT_FALSE(legal(*s).contains("terrain river a7 a8"));
  for (const auto& t : legal(*s)) EXPECT_EQ(t.rfind("terrain river ", 0), 0u) << t;
}

TEST(DefendersBattlefield, AWaterwayIsTheFirstFeatureAndTwoFilesOfWater) {
  auto s = defender_game();
  s->apply_text("topography littoral");
  EXPECT_EQ(with_verb(*s, "terrain ").size(), with_verb(*s, "terrain waterway ").size() + 1)
      << "littoral's compulsory waterway comes first, or the automatic placement";
  s->apply_text("terrain waterway east");
  for (int r = 1; r <= 12; ++r) {
    EXPECT_EQ(s->terrain(sq(fmt::format("k{}", r))), Terrain::kImpassable);
    EXPECT_EQ(s->terrain(sq(fmt::format("l{}", r))), Terrain::kImpassable);
    EXPECT_EQ(s->terrain(sq(fmt::format("j{}", r))), Terrain::kClear);
  }
  EXPECT_FALSE(legal(*s).contains("terrain road k1")) << "no road along the water";
  // On arable land a waterway is optional, but only before any other feature.
  auto a = defender_game();
  a->apply_text("topography arable");
  EXPECT_TRUE(legal(*a).contains("terrain waterway west"));
  a->apply_text("terrain bua a1");
  EXPECT_FALSE(legal(*a).contains("terrain waterway west"));
  EXPECT_NE(refusal(*a, "terrain waterway west").find("before any other feature"),
            std::string::npos);
}

TEST(DefendersBattlefield, DoneOnlyForACompleteChoiceWithinTheLimits) {
  auto s = defender_game();
  s->apply_text("topography forest");
  const auto place_wood = [&](const std::string& file, int rank) {
    for (int k = 0; k < 6; ++k) s->apply_text(fmt::format("terrain wood {}{}", file[0], rank + k));
  };
  place_wood("b", 1);  // b1-b6
  EXPECT_FALSE(legal(*s).contains("terrain done")) << "one wood and no optional feature";
  // Refused, it says what is still to place (it said only the rule's words).
  const auto still = [&] {
    const std::string r = refusal(*s, "terrain done");
    EXPECT_NE(r.find("for Forest (compulsory Wood, or 2 Wood"), std::string::npos) << r;
    const auto at = r.find("still to place: ");
    return at == std::string::npos ? std::string("?") : r.substr(at + 16);
  };
  const std::string two = still();
  EXPECT_TRUE(two.starts_with("2 more features, for example ")) << two;
  place_wood("e", 3);
  EXPECT_FALSE(legal(*s).contains("terrain done")) << "2 woods: too few optional features";
  const std::string one = still();
  EXPECT_TRUE(one.starts_with("1 more feature, for example ")) << one;
  place_wood("h", 3);
  EXPECT_TRUE(with_verb(*s, "terrain wood ").empty()) << "at most three woods";
  EXPECT_TRUE(legal(*s).contains("terrain done")) << "1 compulsory wood + 2 optional woods";
  s->apply_text("terrain bua l12");
  EXPECT_TRUE(legal(*s).contains("terrain done")) << "and a third optional feature";
  EXPECT_TRUE(with_verb(*s, "terrain bua ").empty()) << "one BUA at most";
  expect_round_trip(*s);
  s->apply_text("terrain done");
  EXPECT_EQ(s->field().step, FieldStep::kSide);
  EXPECT_EQ(legal(*s), (std::set<std::string>{"side north", "side south"}));
}

TEST(DefendersBattlefield, RoadsAreClearAndFordTheRiver) {
  auto s = defender_game();
  s->apply_text("topography hilly");  // compulsory 1-2 DH; optional river, wood, BUA, road, DH
  s->apply_text("terrain river a6 a7");
  for (char f = 'b'; f <= 'l'; ++f) s->apply_text(fmt::format("terrain river {}6 {}7", f, f));
  s->apply_text("terrain road e1");
  for (const char* q : {"c8", "c9", "c10", "c11", "d11", "d10"})
    s->apply_text(std::string("terrain difficult-hill ") + q);
  EXPECT_EQ(s->terrain(sq("c8")), Terrain::kSteepHill);
  ASSERT_TRUE(legal(*s).contains("terrain done"));
  s->apply_text("terrain done");
  EXPECT_FALSE(s->crosses_river(sq("e6"), sq("e7"))) << "the road fords the river";
  EXPECT_TRUE(s->crosses_river(sq("d6"), sq("d7")));
  EXPECT_EQ(s->rivers().size(), 11u);
}

// The position lists the squares a road crosses beside the square it starts from, and reads
// them back only as the road makes them (docs/protocol.md).
TEST(DefendersBattlefield, ARoadListsTheSquaresItCrosses) {
  auto s = defender_game();
  s->apply_text("topography hilly");
  s->apply_text("terrain road e1");
  s->apply_text("terrain road a6");
  json j = s->to_json();
  const json& roads = j["battlefield"]["features"];
  ASSERT_EQ(roads.size(), 2u);
  EXPECT_EQ(roads[0]["squares"], json({"e1"}));
  json north = json::array(), east = json::array();
  for (int k = 1; k <= 12; ++k) north.push_back(fmt::format("e{}", k));
  for (char f = 'a'; f <= 'l'; ++f) east.push_back(fmt::format("{}6", f));
  EXPECT_EQ(roads[0]["crosses"], north) << "from rank 1 the road runs north";
  EXPECT_EQ(roads[1]["crosses"], east) << "from file a it runs east";
  expect_round_trip(*s);
  j["battlefield"]["features"][0]["crosses"] = east;
  try {
    make(j);
    FAIL() << "accepted a road crossing squares it does not cross";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("crosses"), std::string::npos) << e.what();
  }
}

// A feature's die is told as an event when it is rolled, with what the result means (the
// sheet's die notes), to every viewer: the board is public.
TEST(DefendersBattlefield, ARolledDieIsAnEvent) {
  auto s = defender_game();
  s->apply_text("topography hilly");
  std::vector<json> rolled;
  const auto play = [&](const std::string& action) {
    const auto before = s->clone();
    s->apply_text(action);
    for (int viewer = 0; viewer <= 2; ++viewer)
      for (const json& e : s->events(*before, action, viewer))
        if (e["type"] == "rolled") rolled.push_back(e);
  };
  for (char f = 'a'; f <= 'l'; ++f) play(fmt::format("terrain river {}6 {}7", f, f));
  ASSERT_EQ(rolled.size(), 3u) << "once, to each of the two players and a spectator";
  const int die = s->field().features[0].die;
  ASSERT_GE(die, 1);
  const auto& river = ancients::warfare::field_table().features[s->field().features[0].kind];
  for (const json& e : rolled) {
    EXPECT_EQ(e["feature"], "river");
    EXPECT_EQ(e["die"], die);
    EXPECT_EQ(e["player"], 2);
    EXPECT_NE(e["text"].get<std::string>().find(river.die_notes[static_cast<std::size_t>(die - 1)]),
              std::string::npos)
        << e.dump();
  }
}

TEST(DefendersBattlefield, BadOrRoughGoingARiverOrAWaterwayMustBeAmongThem) {
  auto s = defender_game();
  s->apply_text("topography arable");  // compulsory 1 BUA or 2 Plough
  s->apply_text("terrain bua a1");
  s->apply_text("terrain road e1");
  for (const char* q : {"c8", "c9", "c10", "d8", "d9", "d10"})
    s->apply_text(std::string("terrain gentle-hill ") + q);
  // 1 compulsory + 2 optional, all good going: not done, and the third optional feature must
  // be bad or rough going or a river.
  EXPECT_FALSE(legal(*s).contains("terrain done"));
  const std::string why = refusal(*s, "terrain done");
  EXPECT_NE(why.find("none placed gives bad or rough going"), std::string::npos) << why;
  EXPECT_NE(why.find("still to place: 1 more feature, for example "), std::string::npos) << why;
  EXPECT_TRUE(with_verb(*s, "terrain gentle-hill ").empty());
  EXPECT_TRUE(with_verb(*s, "terrain road ").empty());
  EXPECT_FALSE(with_verb(*s, "terrain wood ").empty());
  EXPECT_FALSE(with_verb(*s, "terrain river ").empty());
}

TEST(DefendersBattlefield, AtMostTwoRoadsAndAGullyIsAStraightLine) {
  auto s = defender_game();
  s->apply_text("topography arable");
  s->apply_text("terrain bua a1");
  s->apply_text("terrain road e1");
  EXPECT_FALSE(legal(*s).contains("terrain road e1")) << "not the same road twice";
  s->apply_text("terrain road a6");
  EXPECT_TRUE(with_verb(*s, "terrain road ").empty()) << "at most two roads";
  auto t = defender_game();
  t->apply_text("topography steppe");  // optional river, rocky, scrub, gully, BUA
  t->apply_text("terrain gully e6");
  t->apply_text("terrain gully f6");
  // The line is along rank 6 now: only its two ends go on.
  EXPECT_EQ(legal(*t), (std::set<std::string>{"terrain gully d6", "terrain gully g6"}));
  t->apply_text("terrain gully g6");
  t->apply_text("terrain gully d6");
  EXPECT_EQ(t->field().building, 0) << "a gully is 4 squares on 12x12";
  EXPECT_TRUE(with_verb(*t, "terrain gully ").empty()) << "at most one gully";
}

TEST(DefendersBattlefield, TheAutomaticPlacementIsOneAction) {
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    auto s = defender_game(seed);
    const auto topographies = with_verb(*s, "topography ");
    auto it = topographies.begin();
    std::advance(it, static_cast<long>(seed % topographies.size()));
    s->apply_text(*it);
    ASSERT_TRUE(legal(*s).contains("terrain auto"));
    s->apply_text("terrain auto");
    EXPECT_EQ(s->field().step, FieldStep::kSide) << *it;
    EXPECT_GE(s->field().count, 3) << "compulsory and 2-3 optional features";
    int not_clear = 0;
    for (int q = 0; q < 144; ++q) not_clear += s->terrain(q) != Terrain::kClear;
    EXPECT_GT(not_clear + static_cast<int>(s->rivers().size()), 0) << *it;
    expect_round_trip(*s);
  }
}

TEST(DefendersBattlefield, SideSouthTurnsTheBattlefieldRound) {
  auto s = defender_game();
  s->apply_text("topography arable");
  s->apply_text("terrain bua b2");
  s->apply_text("terrain river a6 a7");
  for (char f = 'b'; f <= 'l'; ++f) s->apply_text(fmt::format("terrain river {}6 {}7", f, f));
  s->apply_text("terrain road a9");
  ASSERT_TRUE(legal(*s).contains("terrain done")) << s->to_json()["battlefield"].dump();
  s->apply_text("terrain done");
  auto north = s->clone();
  north->apply_text("side north");
  EXPECT_EQ(static_cast<WarfareState&>(*north).terrain(sq("b2")), Terrain::kBuiltUp);
  s->apply_text("side south");
  EXPECT_EQ(s->terrain(sq("k11")), Terrain::kBuiltUp) << "b2 turned round is k11";
  EXPECT_EQ(s->terrain(sq("b2")), Terrain::kClear);
  EXPECT_TRUE(s->crosses_river(sq("c6"), sq("c7"))) << "the river between ranks 6 and 7 too";
  EXPECT_EQ(s->phase(), Phase::kDeploy);
  EXPECT_EQ(s->to_act(), 1) << "the attacker deploys first";
  expect_round_trip(*s);
}

TEST(DefendersBattlefield, TheGameGoesOnAsTheDbaSetUp) {
  auto s = defender_game(9);
  s->apply_text("topography steppe");
  s->apply_text("terrain auto");
  s->apply_text("side north");
  s->apply_text(ancients::warfare::auto_deployment(*s, 1));
  s->apply_text(ancients::warfare::auto_deployment(*s, 2));
  EXPECT_TRUE(s->swap_step());
  s->apply_text("pass");
  EXPECT_EQ(s->active(), 1);
  EXPECT_EQ(s->hand_size(2), 0);
  // The features stay in the position for the rest of the game.
  EXPECT_TRUE(s->to_json().contains("battlefield"));
  expect_round_trip(*s);
}

TEST(DefendersBattlefield, TheComputerChoosesWithoutSearch) {
  auto s = defender_game(4);
  for (int k = 0; k < 3; ++k) s->apply_text(ancients::warfare::battlefield_choice(*s));
  EXPECT_EQ(s->phase(), Phase::kDeploy);
}

TEST(DefendersBattlefield, BadPositionsAreRefusedWithTheFieldNamed) {
  auto s = defender_game();
  s->apply_text("topography forest");
  s->apply_text("terrain river a6 a7");
  json j = s->to_json();
  j["battlefield"]["features"][0]["kind"] = "volcano";
  EXPECT_THROW(make(j), ancients::BadInput);
  j = s->to_json();
  j["battlefield"].erase("river_end");
  try {
    make(j);
    FAIL() << "accepted a river being placed without its end";
  } catch (const ancients::BadInput& e) {
    EXPECT_NE(std::string(e.what()).find("river_end"), std::string::npos) << e.what();
  }
  j = s->to_json();
  j["active"] = 1;
  j["to_act"] = 1;
  EXPECT_THROW(make(j), ancients::BadInput);
}

TEST(DefendersBattlefield, NeedsTheDbaSetUp) {
  ensure_registered();
  GameSetup setup;
  auto rules = ancients::warfare::ruleset_for("autokill", setup.options);
  setup.armies[0] = ancients::warfare::find_army("gauls", *rules);
  setup.armies[1] = ancients::warfare::find_army("marian-romans", *rules);
  setup.defender_battlefield = true;
  EXPECT_THROW(ancients::warfare::new_game(setup), ancients::BadInput);
}

}  // namespace
}  // namespace wtest
