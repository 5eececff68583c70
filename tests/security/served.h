// The security suite's tools: the built `ancients serve` started as a separate process on
// 127.0.0.1 (a free port; optionally under `prlimit` or as another user), raw HTTP requests
// over plain sockets (any bytes, --path-as-is), and a WebSocket client (Boost.Beast) whose
// reads time out. Every wait is bounded.
#pragma once

#include <fcntl.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <boost/asio.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "support/paths.h"

extern char** environ;

namespace security {

using nlohmann::json;
namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

inline double since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
}

/// The start of this run's scratch folders' names.
inline std::string scratch_prefix() {
  return "ancients-security-" + std::to_string(::getpid()) + "-";
}

/// A fresh folder for one test (database, web root, logs).
inline fs::path scratch(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / (scratch_prefix() + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  return dir;
}

/// Removes this run's scratch folders once every test has passed (a failure leaves them, with
/// the servers' logs, to look at).
class ScratchCleaner : public ::testing::Environment {
 public:
  void TearDown() override {
    if (!::testing::UnitTest::GetInstance()->Passed()) return;
    std::error_code ec;
    for (const auto& entry : fs::directory_iterator(fs::temp_directory_path(), ec))
      if (entry.path().filename().string().starts_with(scratch_prefix()))
        fs::remove_all(entry.path(), ec);
  }
};
inline ::testing::Environment* const kScratchCleaner =
    ::testing::AddGlobalTestEnvironment(new ScratchCleaner);

/// `ancients serve` in its own process.
class Served {
 public:
  /// Starts the server with `args` after the defaults; `prefix` runs before the program
  /// (e.g. {"prlimit", "--nofile=64:64", "--"}).
  Served(const fs::path& dir, std::vector<std::string> args = {},
         std::vector<std::string> prefix = {})
      : log_(dir / "server.log") {
    std::vector<std::string> argv = prefix;
    argv.push_back(ancients::test_paths::ancients_binary());
    for (const char* a : {"serve", "--host", "127.0.0.1", "--port", "0", "--workers", "1"})
      argv.push_back(a);
    argv.push_back("--db");
    argv.push_back((dir / "games.db").string());
    argv.push_back("--web");
    argv.push_back((dir / "web").string());
    argv.insert(argv.end(), args.begin(), args.end());
    int out[2];
    if (pipe2(out, O_CLOEXEC) != 0) throw std::runtime_error("pipe");
    posix_spawn_file_actions_t fa;
    posix_spawn_file_actions_init(&fa);
    posix_spawn_file_actions_addopen(&fa, 0, "/dev/null", O_RDONLY, 0);
    posix_spawn_file_actions_adddup2(&fa, out[1], 1);
    posix_spawn_file_actions_addopen(&fa, 2, log_.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0644);
    std::vector<char*> cargv;
    for (auto& s : argv) cargv.push_back(s.data());
    cargv.push_back(nullptr);
    const int rc = posix_spawnp(&pid_, cargv[0], &fa, nullptr, cargv.data(), environ);
    posix_spawn_file_actions_destroy(&fa);
    close(out[1]);
    if (rc != 0) {
      close(out[0]);
      pid_ = -1;
      return;
    }
    // Wait (bounded) for "served at http://127.0.0.1:PORT/".
    std::string text;
    const auto t0 = Clock::now();
    char buf[512];
    while (since(t0) < 30 && text.find("/  (") == std::string::npos) {
      pollfd p{out[0], POLLIN, 0};
      if (poll(&p, 1, 200) <= 0) continue;
      const ssize_t n = read(out[0], buf, sizeof buf);
      if (n <= 0) break;
      text.append(buf, static_cast<std::size_t>(n));
    }
    stdout_ = out[0];
    const auto at = text.find("127.0.0.1:");
    if (at != std::string::npos)
      port_ = static_cast<unsigned short>(std::stoi(text.substr(at + 10)));
  }
  ~Served() {
    if (running()) kill9();
    if (stdout_ >= 0) close(stdout_);
  }
  Served(const Served&) = delete;
  Served& operator=(const Served&) = delete;

  unsigned short port() const { return port_; }
  pid_t pid() const { return pid_; }
  bool started() const { return port_ != 0; }
  /// Whether the process is still alive.
  bool running() {
    if (pid_ < 0 || exited_) return false;
    int st = 0;
    if (waitpid(pid_, &st, WNOHANG) == pid_) {
      exited_ = true;
      status_ = st;
      return false;
    }
    return true;
  }
  /// SIGTERM; the seconds until it exited (or -1 after 10 s, when it is killed).
  double terminate() {
    const auto t0 = Clock::now();
    ::kill(pid_, SIGTERM);
    while (since(t0) < 10) {
      if (!running()) return since(t0);
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    kill9();
    return -1;
  }
  void kill9() {
    ::kill(pid_, SIGKILL);
    int st = 0;
    waitpid(pid_, &st, 0);
    exited_ = true;
  }
  /// CPU seconds the process has used (user + system).
  double cpu_seconds() const {
    std::ifstream in("/proc/" + std::to_string(pid_) + "/stat");
    std::string s((std::istreambuf_iterator<char>(in)), {});
    const auto close_paren = s.rfind(')');
    std::istringstream rest(s.substr(close_paren + 2));
    std::string field;
    double ticks = 0;
    for (int i = 3; i <= 15 && rest >> field; ++i)
      if (i == 14 || i == 15) ticks += std::stod(field);
    return ticks / static_cast<double>(sysconf(_SC_CLK_TCK));
  }
  std::string log() const {
    std::ifstream in(log_);
    return std::string((std::istreambuf_iterator<char>(in)), {});
  }

 private:
  fs::path log_;
  pid_t pid_ = -1;
  int stdout_ = -1;
  unsigned short port_ = 0;
  bool exited_ = false;
  int status_ = 0;
};

/// A plain TCP connection to 127.0.0.1:port with receive and send timeouts.
inline int connect_raw(unsigned short port, double timeout_s = 5) {
  const int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  timeval tv{static_cast<time_t>(timeout_s),
             static_cast<suseconds_t>(
                 (timeout_s - static_cast<double>(static_cast<time_t>(timeout_s))) * 1e6)};
  setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
  setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  if (connect(fd, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
    close(fd);
    return -1;
  }
  return fd;
}

/// What came back from a raw request: the status (0: none) and the whole text.
struct Reply {
  int status = 0;
  std::string text;
  std::string body() const {
    const auto at = text.find("\r\n\r\n");
    return at == std::string::npos ? std::string() : text.substr(at + 4);
  }
  bool has_header(const std::string& line) const { return text.find(line) != std::string::npos; }
};

/// Sends `bytes` as they are and reads until the server closes (or a timeout).
inline Reply raw(unsigned short port, const std::string& bytes, double timeout_s = 5) {
  Reply r;
  const int fd = connect_raw(port, timeout_s);
  if (fd < 0) return r;
  (void)!send(fd, bytes.data(), bytes.size(), MSG_NOSIGNAL);
  char buf[65536];
  const auto t0 = Clock::now();
  while (since(t0) < timeout_s) {
    const ssize_t n = recv(fd, buf, sizeof buf, 0);
    if (n <= 0) break;
    r.text.append(buf, static_cast<std::size_t>(n));
  }
  close(fd);
  if (r.text.starts_with("HTTP/1.1 ") && r.text.size() >= 12)
    r.status = std::stoi(r.text.substr(9, 3));
  return r;
}

inline Reply http(unsigned short port, const std::string& method, const std::string& target,
                  const std::string& body = "") {
  return raw(port, method + " " + target + " HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n" +
                       "Content-Type: application/json\r\nContent-Length: " +
                       std::to_string(body.size()) + "\r\n\r\n" + body);
}

/// A WebSocket client (Boost.Beast) whose reads give up after a few seconds.
struct Ws {
  boost::asio::io_context io;
  boost::beast::websocket::stream<boost::asio::ip::tcp::socket> ws{io};
  bool ok = false;
  explicit Ws(unsigned short port, double timeout_s = 5) {
    try {
      ws.next_layer().connect({boost::asio::ip::make_address("127.0.0.1"), port});
      timeval tv{static_cast<time_t>(timeout_s), 0};
      setsockopt(ws.next_layer().native_handle(), SOL_SOCKET, SO_RCVTIMEO, &tv, sizeof tv);
      setsockopt(ws.next_layer().native_handle(), SOL_SOCKET, SO_SNDTIMEO, &tv, sizeof tv);
      ws.handshake("127.0.0.1", "/ws");
      ok = true;
    } catch (const std::exception&) {
    }
  }
  bool send(const std::string& text, bool binary = false) {
    try {
      ws.binary(binary);
      ws.write(boost::asio::buffer(text));
      return true;
    } catch (const std::exception&) {
      return false;
    }
  }
  /// The next message, past "presence" messages (who is at the table: not what these tests
  /// wait for); nothing when the connection fails or a message is not JSON.
  std::optional<json> read() {
    try {
      for (;;) {
        boost::beast::flat_buffer b;
        ws.read(b);
        json j = json::parse(boost::beast::buffers_to_string(b.data()));
        if (!j.is_object() || j.value("type", "") != "presence") return j;
      }
    } catch (const std::exception&) {
      return std::nullopt;
    }
  }
  std::optional<json> say(const json& m) {
    if (!send(m.dump())) return std::nullopt;
    return read();
  }
};

/// A small web root: index.html, a hashed asset, and links pointing out of it.
inline void make_web_root(const fs::path& dir) {
  fs::create_directories(dir / "web" / "assets");
  std::ofstream(dir / "web" / "index.html") << "<!doctype html><title>ancients</title>";
  std::ofstream(dir / "web" / "assets" / "index-3f2a1c9b.js") << "console.log(1)";
  std::ofstream(dir / "secret.txt") << "TOP-SECRET-OUTSIDE-THE-ROOT";
  fs::create_symlink(dir / "secret.txt", dir / "web" / "leak.txt");
  fs::create_directory_symlink(dir, dir / "web" / "up");
}

/// A normal client: the catalogue, a new game between friends (or `game`), a seat taken over
/// WebSocket, an action played and acknowledged.
inline ::testing::AssertionResult serves_normally(unsigned short port, bool create = true,
                                                  const json& game = nullptr) {
  const Reply c = http(port, "GET", "/api/catalogue");
  if (c.status != 200) return ::testing::AssertionFailure() << "catalogue: " << c.text;
  json g = game;
  if (create) {
    const Reply r = http(port, "POST", "/api/games", R"({"vs":"friend"})");
    if (r.status != 201) return ::testing::AssertionFailure() << "create: " << r.text;
    g = json::parse(r.body());
  }
  if (g.is_null()) return ::testing::AssertionSuccess();
  Ws ws(port);
  auto st = ws.say({{"type", "hello"}, {"game", g["id"]}, {"token", g["token"]}});
  if (!st || (*st)["type"] != "state") return ::testing::AssertionFailure() << "hello failed";
  if ((*st)["to_act"] != 1 || (*st)["legal"].empty()) return ::testing::AssertionSuccess();
  auto after =
      ws.say({{"type", "act"}, {"action", (*st)["legal"][0]}, {"version", (*st)["version"]}});
  if (!after || (*after)["type"] != "state")
    return ::testing::AssertionFailure() << "act failed: " << (after ? after->dump() : "no reply");
  return ::testing::AssertionSuccess();
}

}  // namespace security
