// Helpers for the play tests: running the built `ancients` with a scripted stdin, temporary
// folders, and short games played through the library to build records from.
#pragma once

#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

#include "agents/agent.h"
#include "core/data_path.h"
#include "games/warfare/record.h"
#include "support/paths.h"

namespace play_test {

struct CliRun {
  int status = -1;
  std::string out;  ///< stdout and stderr together
};

/// Runs `ancients ARGS` with `input` on stdin (through a file) and no terminal.
inline CliRun run(const std::string& args, const std::string& input = "") {
  const auto in_path = std::filesystem::temp_directory_path() /
                       ("ancients-play-in-" + std::to_string(::getpid()) + ".txt");
  {
    std::ofstream f(in_path);
    f << input;
  }
  const std::string cmd = std::string(ancients::test_paths::ancients_binary()) + " " + args +
                          " < " + in_path.string() + " 2>&1";
  CliRun r;
  FILE* pipe = popen(cmd.c_str(), "r");
  if (pipe == nullptr) return r;
  std::array<char, 4096> buf{};
  std::size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), pipe)) > 0) r.out.append(buf.data(), n);
  const int raw = pclose(pipe);
  r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  std::filesystem::remove(in_path);
  return r;
}

/// A fresh empty folder for one test.
inline std::filesystem::path temp_folder(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() /
                   ("ancients-play-" + name + "-" + std::to_string(::getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir;
}

inline std::string read_text(const std::filesystem::path& p) {
  std::ifstream in(p);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

inline void write_text(const std::filesystem::path& p, const std::string& text) {
  std::ofstream out(p);
  out << text;
}

/// `n` lines of `line`.
inline std::string lines(const std::string& line, int n) {
  std::string out;
  for (int i = 0; i < n; ++i) out += line + "\n";
  return out;
}

/// A short game between two random agents, recorded as `ancients play` records it
/// (automatic deployments, every other action as its text).
inline ancients::warfare::GameRecord random_record(std::uint64_t seed, int turn_limit) {
  using namespace ancients::warfare;
  auto rules = builtin_ruleset("autokill");
  GameRecord r;
  r.program_version = ancients::program_version();
  r.setup.seed = seed;
  r.setup.options.turn_limit = turn_limit;
  r.setup.armies[0] = find_army("marian-romans", *rules);
  r.setup.armies[1] = find_army("gauls", *rules);
  r.setup.field = generate_battlefield(8, seed);
  r.players = {"random", "random"};
  auto s = new_game(r.setup);
  std::unique_ptr<ancients::Agent> agents[2] = {ancients::make_agent("random", seed + 1),
                                                ancients::make_agent("random", seed + 2)};
  while (!s->is_over()) {
    const int p = s->to_act();
    std::string text;
    if (s->phase() == Phase::kDeploy) {
      text = auto_deployment(*s, seed + static_cast<std::uint64_t>(p));
      r.deployments[p - 1] = text;
      s->apply_text(text);
    } else {
      const ancients::Action a = agents[p - 1]->choose(*s->view(p));
      text = s->action_text(a);
      s->apply(a);
    }
    r.actions.push_back({p, text});
  }
  r.result = result_of(*s);
  return r;
}

}  // namespace play_test
