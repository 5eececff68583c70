// Runs the built `ancients` executable the way an outside tool would, for the contract tests
// (shared/rules/positions-and-notation.md): arguments are passed as an argv vector through
// posix_spawn (no shell, so no quoting bugs), optional text is fed on stdin, and stdout,
// stderr and the exit status are captured. Also a per-test temporary directory for position
// files, and small helpers that every contract test shares (writing a position, calling
// `legal` and `apply`, checking that a refusal is clean).
#pragma once

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "support/paths.h"

extern char** environ;

namespace contract {

using nlohmann::json;

/// What one run of a program produced.
struct RunResult {
  int status = -1;  ///< exit status when the program exited normally, else -1
  int signal = 0;   ///< the signal that killed it, else 0
  std::string out;  ///< everything written on stdout
  std::string err;  ///< everything written on stderr
  bool exited() const { return signal == 0 && status >= 0; }
};

/// Runs `program` with `args` (argv[1..]); feeds `input` on stdin when given (else stdin is
/// /dev/null). Fails the current test (and returns status -1) when the program cannot start.
inline RunResult run_program(const std::string& program, const std::vector<std::string>& args,
                             const std::optional<std::string>& input = std::nullopt) {
  RunResult result;
  int out_pipe[2], err_pipe[2], in_pipe[2] = {-1, -1};
  if (pipe2(out_pipe, O_CLOEXEC) != 0 || pipe2(err_pipe, O_CLOEXEC) != 0 ||
      (input && pipe2(in_pipe, O_CLOEXEC) != 0)) {
    ADD_FAILURE() << "pipe: " << std::strerror(errno);
    return result;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  if (input) {
    posix_spawn_file_actions_adddup2(&actions, in_pipe[0], 0);
  } else {
    posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0);
  }
  posix_spawn_file_actions_adddup2(&actions, out_pipe[1], 1);
  posix_spawn_file_actions_adddup2(&actions, err_pipe[1], 2);

  std::vector<std::string> storage;
  storage.push_back(program);
  storage.insert(storage.end(), args.begin(), args.end());
  std::vector<char*> argv;
  for (auto& s : storage) argv.push_back(s.data());
  argv.push_back(nullptr);

  pid_t pid = -1;
  const int rc = posix_spawn(&pid, program.c_str(), &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(out_pipe[1]);
  close(err_pipe[1]);
  if (input) close(in_pipe[0]);
  if (rc != 0) {
    ADD_FAILURE() << "cannot start " << program << ": " << std::strerror(rc);
    close(out_pipe[0]);
    close(err_pipe[0]);
    if (input) close(in_pipe[1]);
    return result;
  }

  // Pump stdin, stdout and stderr together so that no pipe fills up and blocks the child.
  std::size_t written = 0;
  int in_fd = input ? in_pipe[1] : -1;
  if (in_fd >= 0) fcntl(in_fd, F_SETFL, O_NONBLOCK);
  if (in_fd >= 0 && input->empty()) {
    close(in_fd);
    in_fd = -1;
  }
  int out_fd = out_pipe[0], err_fd = err_pipe[0];
  char buf[65536];
  // A child that exits before reading its stdin must not kill the test runner with SIGPIPE.
  static const bool sigpipe_ignored = [] {
    signal(SIGPIPE, SIG_IGN);
    return true;
  }();
  (void)sigpipe_ignored;
  while (out_fd >= 0 || err_fd >= 0 || in_fd >= 0) {
    std::vector<pollfd> fds;
    if (out_fd >= 0) fds.push_back({out_fd, POLLIN, 0});
    if (err_fd >= 0) fds.push_back({err_fd, POLLIN, 0});
    if (in_fd >= 0) fds.push_back({in_fd, POLLOUT, 0});
    if (poll(fds.data(), fds.size(), -1) < 0) {
      if (errno == EINTR) continue;
      break;
    }
    for (const pollfd& p : fds) {
      if (p.revents == 0) continue;
      if (p.fd == in_fd) {
        const ssize_t n = write(in_fd, input->data() + written, input->size() - written);
        if (n > 0) written += static_cast<std::size_t>(n);
        if (n < 0 || written == input->size()) {
          close(in_fd);
          in_fd = -1;
        }
        continue;
      }
      const ssize_t n = read(p.fd, buf, sizeof buf);
      if (n > 0) {
        (p.fd == out_fd ? result.out : result.err).append(buf, static_cast<std::size_t>(n));
      } else if (n == 0 || errno != EINTR) {
        close(p.fd);
        (p.fd == out_fd ? out_fd : err_fd) = -1;
      }
    }
  }
  int wstatus = 0;
  while (waitpid(pid, &wstatus, 0) < 0 && errno == EINTR) {
  }
  if (WIFEXITED(wstatus)) result.status = WEXITSTATUS(wstatus);
  if (WIFSIGNALED(wstatus)) result.signal = WTERMSIG(wstatus);
  return result;
}

/// Runs the `ancients` executable under test.
inline RunResult ancients(const std::vector<std::string>& args,
                          const std::optional<std::string>& input = std::nullopt) {
  return run_program(ancients::test_paths::ancients_binary(), args, input);
}

/// A fresh directory for one test's files, removed when the test ends.
class TempDir {
 public:
  TempDir() {
    std::string tmpl =
        (std::filesystem::temp_directory_path() / "ancients-contract-XXXXXX").string();
    if (mkdtemp(tmpl.data()) == nullptr) ADD_FAILURE() << "mkdtemp: " << std::strerror(errno);
    path_ = tmpl;
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;

  const std::filesystem::path& path() const { return path_; }
  /// Writes `text` to a new file named `name` and returns its path.
  std::string write(const std::string& name, const std::string& text) const {
    const auto p = path_ / name;
    std::ofstream f(p, std::ios::binary | std::ios::trunc);
    f << text;
    f.close();
    if (!f) ADD_FAILURE() << "cannot write " << p;
    return p.string();
  }
  /// Writes a position under a unique name and returns its path.
  std::string write_position(const json& position) {
    return write("position-" + std::to_string(++count_) + ".json", position.dump(2));
  }

 private:
  std::filesystem::path path_;
  std::atomic<int> count_{0};
};

/// The lines of a text (a last line without '\n' counts too).
inline std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

/// True when stderr shows a sanitizer report or a C++ runtime abort.
inline bool looks_like_crash(const RunResult& r) {
  return r.err.find("AddressSanitizer") != std::string::npos ||
         r.err.find("runtime error") != std::string::npos ||
         r.err.find("LeakSanitizer") != std::string::npos ||
         r.err.find("UndefinedBehaviorSanitizer") != std::string::npos ||
         r.err.find("terminate called") != std::string::npos;
}

/// Everything a caller wants to know about one run, for failure messages.
inline std::string describe(const RunResult& r) {
  std::ostringstream s;
  s << "exit status " << r.status << ", signal " << r.signal << "\n--- stdout (" << r.out.size()
    << " bytes) ---\n"
    << r.out.substr(0, 400) << "\n--- stderr ---\n"
    << r.err.substr(0, 700);
  return s.str();
}

/// A run that worked: exit 0, no sanitizer report.
#define EXPECT_RUN_OK(r)                                                   \
  do {                                                                     \
    EXPECT_TRUE((r).exited() && (r).status == 0) << contract::describe(r); \
    EXPECT_FALSE(contract::looks_like_crash(r)) << contract::describe(r);  \
  } while (0)

/// The contract's refusal: non-zero exit (not a crash), nothing on stdout, a message on
/// stderr that contains `must_name` (the refused action's text; "" to skip that check).
inline ::testing::AssertionResult clean_refusal(const RunResult& r, const std::string& must_name,
                                                int want_status = -1) {
  if (!r.exited()) return ::testing::AssertionFailure() << "killed by a signal\n" << describe(r);
  if (r.status == 0) return ::testing::AssertionFailure() << "exit status 0\n" << describe(r);
  if (r.status >= 128)
    return ::testing::AssertionFailure() << "exit status looks like a crash\n" << describe(r);
  if (want_status >= 0 && r.status != want_status)
    return ::testing::AssertionFailure()
           << "exit status " << r.status << ", expected " << want_status << "\n"
           << describe(r);
  if (!r.out.empty()) return ::testing::AssertionFailure() << "stdout not empty\n" << describe(r);
  if (r.err.empty()) return ::testing::AssertionFailure() << "stderr empty\n" << describe(r);
  if (looks_like_crash(r))
    return ::testing::AssertionFailure() << "sanitizer report or abort\n" << describe(r);
  if (!must_name.empty() && r.err.find(must_name) == std::string::npos)
    return ::testing::AssertionFailure() << "stderr does not name \"" << must_name << "\"\n"
                                         << describe(r);
  return ::testing::AssertionSuccess();
}

/// Exit statuses the project uses (the contract itself only asks for non-zero).
inline constexpr int kStatusBadInput = 2;
inline constexpr int kStatusRefused = 3;

/// Calls `ancients legal` on a position; returns the lines (failing the test on a bad run).
inline std::vector<std::string> legal(TempDir& dir, const json& position) {
  const RunResult r = ancients({"legal", dir.write_position(position)});
  EXPECT_RUN_OK(r);
  return lines_of(r.out);
}

/// Runs `ancients apply` on a position with the given actions.
inline RunResult apply_raw(TempDir& dir, const json& position,
                           const std::vector<std::string>& actions) {
  std::vector<std::string> args = {"apply", dir.write_position(position)};
  args.insert(args.end(), actions.begin(), actions.end());
  return ancients(args);
}

/// Calls `ancients apply` and parses the printed position (null JSON on failure).
inline json apply(TempDir& dir, const json& position, const std::vector<std::string>& actions) {
  const RunResult r = apply_raw(dir, position, actions);
  EXPECT_RUN_OK(r);
  if (r.status != 0) return json();
  try {
    return json::parse(r.out);
  } catch (const json::parse_error& e) {
    ADD_FAILURE() << "apply printed something that is not JSON: " << e.what() << "\n"
                  << describe(r);
    return json();
  }
}

/// Runs `ancients new ARGS...` and parses the position.
inline json new_position(const std::vector<std::string>& args) {
  std::vector<std::string> all = {"new"};
  all.insert(all.end(), args.begin(), args.end());
  const RunResult r = ancients(all);
  EXPECT_RUN_OK(r);
  if (r.status != 0) return json();
  return json::parse(r.out, nullptr, false);
}

/// Duplicate lines of a list (each listed once).
inline std::vector<std::string> duplicates(const std::vector<std::string>& lines) {
  std::set<std::string> seen, dup;
  for (const auto& l : lines)
    if (!seen.insert(l).second) dup.insert(l);
  return {dup.begin(), dup.end()};
}

}  // namespace contract
