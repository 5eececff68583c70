// Contract tests of what a tool author's program meets when it is careless (helper 65's walk
// through the documented interface): a view fed back as a position is refused with a message
// that says it is a view, and a refusal for too many actions points to `legal --automatic` only
// where that command has an action to print.
#include <set>
#include <string>

#include "contract/run_binary.h"

namespace contract {
namespace {

/// A position printed by `ancients new ARGS...`.
json new_position(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"new"};
  all.insert(all.end(), args.begin(), args.end());
  const RunResult r = ancients(all);
  EXPECT_EQ(r.status, 0) << r.err;
  return json::parse(r.out.empty() ? "null" : r.out);
}

TEST(ToolAuthor, AViewGivenAsAPositionIsRefusedAsAView) {
  TempDir dir;
  const std::string position =
      dir.write_position(new_position({"warfare", "--seed", "3", "--deploy"}));
  for (const auto& [player, words] :
       {std::pair{"1", "player 1's view"}, std::pair{"0", "a spectator's view"}}) {
    const RunResult view = ancients({"view", position, "--player", player});
    ASSERT_EQ(view.status, 0) << view.err;
    const std::string view_file = dir.write("view-" + std::string(player) + ".json", view.out);
    for (const std::string command : {"legal", "view"}) {
      std::vector<std::string> args = {command, view_file};
      if (command == "view") args.insert(args.end(), {"--player", "0"});
      const RunResult r = ancients(args);
      EXPECT_EQ(r.status, 2) << command << ": " << r.err;
      EXPECT_TRUE(r.out.empty()) << r.out;
      EXPECT_NE(r.err.find(words), std::string::npos) << command << ": " << r.err;
      EXPECT_NE(r.err.find("read the whole position"), std::string::npos) << r.err;
    }
    const RunResult applied = ancients({"apply", view_file, "end"});
    EXPECT_EQ(applied.status, 2) << applied.err;
    EXPECT_NE(applied.err.find(words), std::string::npos) << applied.err;
  }
  // A refused position that is no view gets no such words.
  json bad = new_position({"warfare", "--seed", "3", "--deploy"});
  bad["turn"] = "three";
  const RunResult r = ancients({"legal", dir.write_position(bad)});
  EXPECT_EQ(r.status, 2);
  EXPECT_EQ(r.err.find("view"), std::string::npos) << r.err;
}

/// An Ancient Generals position in the Discard phase whose active player holds one card of
/// each kind its deck had: far more than 100,000 discards (2^n of n kinds).
json generals_discard_of_every_kind() {
  json p = new_position({"generals", "--seed", "2"});
  json& me = p["players"]["1"];
  std::set<std::string> kinds;
  for (const auto& c : me["hand"]) kinds.insert(c.get<std::string>());
  json deck = json::array();
  for (const auto& c : me["deck"]) {
    if (kinds.insert(c.get<std::string>()).second) {
      me["hand"].push_back(c);
    } else {
      deck.push_back(c);
    }
  }
  me["deck"] = deck;
  p["phase"] = "discard";
  EXPECT_GE(kinds.size(), 18u);
  return p;
}

TEST(ToolAuthor, TooManyActionsPointToAutomaticOnlyWhereItHasOne) {
  TempDir dir;
  const std::string generals = dir.write_position(generals_discard_of_every_kind());
  const RunResult listed = ancients({"legal", generals});
  EXPECT_EQ(listed.status, 2) << listed.err;
  EXPECT_NE(listed.err.find("too many to list"), std::string::npos) << listed.err;
  EXPECT_EQ(listed.err.find("--automatic"), std::string::npos)
      << "the pointer leads nowhere: " << listed.err;
  const RunResult automatic = ancients({"legal", "--automatic", generals});
  EXPECT_EQ(automatic.status, 2) << automatic.err;
  EXPECT_NE(automatic.err.find("no automatic set-up action here"), std::string::npos);
  // One action given still applies there (docs/protocol.md, "Bounded output").
  const RunResult one_discard = ancients({"apply", generals, "discard"});
  EXPECT_EQ(one_discard.status, 0) << one_discard.err;
  // A Warfare deployment of too many choices keeps the pointer, which prints one.
  const std::string warfare = dir.write_position(new_position({"warfare", "--seed", "3"}));
  const RunResult deploy = ancients({"legal", warfare});
  EXPECT_EQ(deploy.status, 2) << deploy.err;
  EXPECT_NE(deploy.err.find("`ancients legal --automatic`"), std::string::npos) << deploy.err;
  const RunResult deployment = ancients({"legal", "--automatic", warfare});
  EXPECT_EQ(deployment.status, 0) << deployment.err;
  EXPECT_EQ(deployment.out.rfind("deploy ", 0), 0u) << deployment.out;
}

TEST(ToolAuthor, AHugeActionIsRefusedWithAShortMessage) {
  TempDir dir;
  const std::string position =
      dir.write_position(new_position({"warfare", "--seed", "3", "--deploy"}));
  std::string advance = "advance march a1";
  for (int i = 0; i < 20000; ++i) advance += ",a1";
  const std::string noise = "move gallop f2-f6 " + std::string(100000, 'x');
  for (const std::string& action : {advance, noise}) {
    const RunResult r = ancients({"apply", position, "end", action});
    EXPECT_EQ(r.status, 3) << r.err.substr(0, 300);
    EXPECT_TRUE(r.out.empty());
    EXPECT_LT(r.err.size(), 600u) << r.err.substr(0, 300);
    EXPECT_EQ(r.err.rfind("ancients: action 2: \"" + action.substr(0, 40), 0), 0u)
        << r.err.substr(0, 300);
    EXPECT_NE(r.err.find(std::to_string(action.size()) + " bytes"), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("refused: "), std::string::npos) << r.err;
  }
  // A short action is still quoted whole.
  const RunResult r = ancients({"apply", position, "move march a2-a5"});
  EXPECT_NE(r.err.find("\"move march a2-a5\" refused"), std::string::npos) << r.err;
}

/// Whether `text` is valid UTF-8 (what a tool that reads stderr as text needs).
bool is_utf8(const std::string& text) {
  for (std::size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    const std::size_t n = b < 0x80                 ? 1
                          : b >= 0xC2 && b <= 0xDF ? 2
                          : b >= 0xE0 && b <= 0xEF ? 3
                          : b >= 0xF0 && b <= 0xF4 ? 4
                                                   : 0;
    if (n == 0 || i + n > text.size()) return false;
    for (std::size_t k = 1; k < n; ++k)
      if ((static_cast<unsigned char>(text[i + k]) & 0xC0) != 0x80) return false;
    i += n;
  }
  return true;
}

TEST(ToolAuthor, StderrIsUtf8WhateverTheInput) {
  TempDir dir;
  // A file that is not UTF-8: the JSON reader's message quotes the bytes it read.
  const RunResult file = ancients({"legal", dir.write("latin1.json", "\xc3\xbf{}")});
  EXPECT_EQ(file.status, 2) << file.err;
  EXPECT_TRUE(is_utf8(file.err)) << file.err;
  const RunResult latin1 = ancients({"legal", dir.write("bytes.json", "\xff{}")});
  EXPECT_EQ(latin1.status, 2);
  EXPECT_TRUE(is_utf8(latin1.err)) << latin1.err;
  // An action with a byte that is not UTF-8, quoted in the refusal.
  const std::string position =
      dir.write_position(new_position({"warfare", "--seed", "3", "--deploy"}));
  const RunResult action = ancients({"apply", position, "move gallop f2\xff-f6"});
  EXPECT_EQ(action.status, 3) << action.err;
  EXPECT_TRUE(is_utf8(action.err)) << action.err;
  EXPECT_NE(action.err.find("f2\xEF\xBF\xBD-f6"), std::string::npos) << action.err;
  // An unknown flag of such bytes, reported by the command-line reader.
  const RunResult flag = ancients({"legal", position, "--\xff"});
  EXPECT_EQ(flag.status, 2);
  EXPECT_TRUE(is_utf8(flag.err)) << flag.err;
  // Valid UTF-8 is kept as it is.
  const RunResult dash = ancients({"apply", position,
                                   "move march d4\xe2\x80\x93"
                                   "d6"});
  EXPECT_NE(dash.err.find("d4\xe2\x80\x93"
                          "d6"),
            std::string::npos)
      << dash.err;
}

}  // namespace
}  // namespace contract
