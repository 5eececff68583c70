// The load tool's bots (see load_client.h): one thread, one Asio loop, a coroutine per game
// (create it over HTTP, then its two seats over WebSocket with the small client of
// ws_client.h, again until the time is up). A bot reads only the top of a state message
// (version, to_act, over: the server writes them before the view) unless it is to act; then
// it steps over the view and the offered actions' descriptions, counts the offered texts and
// each group's choices as it steps over them, and answers one of them at random: a text sent
// back as the message wrote it, or a group and choice. A message not laid out as the server
// writes it is read with the shared JSON reader.
#include "server/load_client.h"

#include <sys/resource.h>

#include <algorithm>
#include <array>
#include <boost/asio.hpp>
#include <boost/asio/experimental/awaitable_operators.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <cstdio>
#include <memory>
#include <nlohmann/json.hpp>
#include <random>
#include <stdexcept>
#include <string_view>
#include <vector>

#include "core/json_input.h"
#include "server/json_skip.h"
#include "server/ws_client.h"

namespace ancients::server {
namespace {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using asio::awaitable;
using asio::use_awaitable;
using asio::ip::tcp;
using asio::experimental::awaitable_operators::operator&&;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

/// The integer written after `key` in a message's text, or -1.
long long int_after(std::string_view text, std::string_view key) {
  const auto at = text.find(key);
  if (at == std::string_view::npos) return -1;
  std::size_t i = at + key.size();
  const bool negative = i < text.size() && text[i] == '-';
  if (negative) ++i;
  long long n = 0;
  bool any = false;
  for (; i < text.size() && text[i] >= '0' && text[i] <= '9'; ++i, any = true)
    n = n * 10 + (text[i] - '0');
  return !any ? -1 : negative ? -n : n;
}

/// Where the top-level field after the view starts (its comma, or the message's closing
/// brace), the view starting at `at` with `"view":{`; npos when the message is not laid out so.
std::size_t end_of_view(std::string_view m, std::size_t at) {
  constexpr std::string_view key = R"("view":)";
  if (m.substr(at, key.size()) != key) return std::string_view::npos;
  const std::size_t end = end_of_value(m, at + key.size());
  return end < m.size() && (m[end] == ',' || m[end] == '}') ? end : std::string_view::npos;
}

/// The actions a state message offers, found without reading them: the texts of the top-level
/// `legal` as they stand in the message (JSON string literals, escapes kept: a bot sends one
/// back as it came) and the number of `choices` of each of the `groups`. The other top-level
/// fields from `from` to the message's end (the offered actions' descriptions, the log) are
/// stepped over. `laid_out` is false when the text is not laid out as the server writes it.
struct Offers {
  std::vector<std::string_view> legal;
  std::vector<std::size_t> choices;  ///< per group
  bool laid_out = false;
  std::size_t count() const {
    std::size_t n = legal.size();
    for (const std::size_t c : choices) n += c;
    return n;
  }
};

/// Calls `each(at, end)` for every element of the array at m[at] ('['); false when it is not
/// an array written without spaces.
template <class Each>
bool for_each_element(std::string_view m, std::size_t at, Each&& each) {
  if (at >= m.size() || m[at] != '[') return false;
  std::size_t i = at + 1;
  if (i < m.size() && m[i] == ']') return true;
  for (;;) {
    const std::size_t end = end_of_value(m, i);
    if (end == std::string_view::npos || end >= m.size()) return false;
    if (!each(i, end)) return false;
    if (m[end] == ']') return true;
    if (m[end] != ',') return false;
    i = end + 1;
  }
}

/// Calls `each(key, value_at, value_end)` for every member of an object from m[i] (its first
/// key's opening quote) on, the key with its quotes; the index of the object's closing brace,
/// or npos when the text is not laid out so or `each` says no.
template <class Each>
std::size_t for_each_member(std::string_view m, std::size_t i, Each&& each) {
  for (;;) {
    if (i >= m.size() || m[i] != '"') return std::string_view::npos;
    const std::size_t key_end = end_of_value(m, i);
    if (key_end == std::string_view::npos || key_end >= m.size() || m[key_end] != ':')
      return std::string_view::npos;
    const std::size_t value_end = end_of_value(m, key_end + 1);
    if (value_end == std::string_view::npos || value_end >= m.size()) return std::string_view::npos;
    if (!each(m.substr(i, key_end - i), key_end + 1, value_end)) return std::string_view::npos;
    if (m[value_end] == '}') return value_end;
    if (m[value_end] != ',') return std::string_view::npos;
    i = value_end + 1;
  }
}

/// The number of choices of the group object at m[at] ('{'), or npos when it is not laid out
/// so.
std::size_t choices_of_group(std::string_view m, std::size_t at) {
  std::size_t choices = std::string_view::npos;
  const std::size_t end =
      for_each_member(m, at + 1, [&](std::string_view key, std::size_t value_at, std::size_t) {
        if (key != R"("choices")") return true;
        choices = 0;
        return for_each_element(m, value_at, [&](std::size_t, std::size_t) {
          ++choices;
          return true;
        });
      });
  return end == std::string_view::npos ? end : choices;
}

Offers offers_in(std::string_view m, std::size_t from) {
  Offers out;
  if (from + 1 == m.size() && m[from] == '}') {  // nothing after the view
    out.laid_out = true;
    return out;
  }
  if (from >= m.size() || m[from] != ',') return {};
  const std::size_t end =
      for_each_member(m, from + 1, [&](std::string_view key, std::size_t value_at, std::size_t) {
        if (key == R"("legal")")
          return for_each_element(m, value_at, [&](std::size_t at, std::size_t value_end) {
            if (m[at] != '"') return false;
            out.legal.push_back(m.substr(at, value_end - at));
            return true;
          });
        if (key == R"("groups")")
          return for_each_element(m, value_at, [&](std::size_t at, std::size_t) {
            const std::size_t n = m[at] == '{' ? choices_of_group(m, at) : std::string_view::npos;
            if (n == std::string_view::npos) return false;
            out.choices.push_back(n);
            return true;
          });
        return true;
      });
  if (end == std::string_view::npos || end + 1 != m.size()) return {};
  out.laid_out = true;
  return out;
}

/// Reads a state message where the bot is to act, as nlohmann's strict reader reads it but
/// into no tree: one pass picks a random offered action among the top-level "legal" texts and
/// every group's "choices" (reservoir sampling: each with the same chance), and the version.
class OfferPicker final : public nlohmann::json_sax<json> {
 public:
  explicit OfferPicker(std::mt19937_64& rng) : rng_(rng) {}
  std::uint64_t version = 0;
  std::size_t offered = 0;  ///< how many actions were offered
  std::string text;         ///< the pick when it is a legal text
  std::size_t group = 0, choice = 0;
  bool by_group = false;  ///< the pick is a group's choice

  bool null() override { return value(nullptr); }
  bool boolean(bool) override { return value(nullptr); }
  bool number_integer(number_integer_t) override { return value(nullptr); }
  bool number_unsigned(number_unsigned_t n) override {
    if (frames_.size() == 1 && key_ == "version") version = n;
    return value(nullptr);
  }
  bool number_float(number_float_t, const string_t&) override { return value(nullptr); }
  bool string(string_t& s) override { return value(&s); }
  bool binary(binary_t&) override { return value(nullptr); }
  bool start_object(std::size_t) override { return open(false); }
  bool key(string_t& k) override {
    key_ = k;
    return true;
  }
  bool end_object() override { return close(); }
  bool start_array(std::size_t) override { return open(true); }
  bool end_array() override { return close(); }
  bool parse_error(std::size_t at, const std::string&,
                   const nlohmann::detail::exception& e) override {
    throw std::runtime_error("a state message is not JSON at byte " + std::to_string(at) + ": " +
                             e.what());
  }

 private:
  struct Frame {
    bool array = false;
    std::string key;        ///< the key this container is the value of ("" inside an array)
    std::size_t count = 0;  ///< elements so far (arrays)
  };
  /// A value starts (a scalar, or a container: then before it is pushed).
  bool value(const std::string* s) {
    if (frames_.empty() || !frames_.back().array) return true;
    const std::size_t index = frames_.back().count++;
    const bool legal = frames_.size() == 2 && frames_[1].key == "legal";
    const bool in_group =
        frames_.size() == 4 && frames_[1].key == "groups" && frames_[3].key == "choices";
    if (!legal && !in_group) return true;
    ++offered;
    if (std::uniform_int_distribution<std::size_t>(0, offered - 1)(rng_) != 0) return true;
    by_group = in_group;
    if (legal) text = s ? *s : std::string();
    if (in_group) {
      group = frames_[1].count - 1;
      choice = index;
    }
    return true;
  }
  bool open(bool array) {
    value(nullptr);
    const bool in_object = !frames_.empty() && !frames_.back().array;
    frames_.push_back({array, in_object ? key_ : std::string(), 0});
    return true;
  }
  bool close() {
    frames_.pop_back();
    return true;
  }
  std::mt19937_64& rng_;
  std::vector<Frame> frames_;
  std::string key_;
};

class LoadRun {
 public:
  explicit LoadRun(const LoadConfig& c)
      : config_(c), rng_(c.seed ? c.seed : std::random_device{}()) {
    const std::string prefix = "http://";
    if (c.url.rfind(prefix, 0) != 0)
      throw std::runtime_error("--url: " + c.url + " is not http://HOST[:PORT]");
    std::string rest = c.url.substr(prefix.size());
    if (const auto slash = rest.find('/'); slash != std::string::npos) rest.resize(slash);
    host_ = rest;
    std::string port = "80";
    if (const auto colon = rest.rfind(':'); colon != std::string::npos) {
      host_ = rest.substr(0, colon);
      port = rest.substr(colon + 1);
    }
    host_port_ = rest;
    beast::error_code ec;
    endpoints_ = tcp::resolver(io_).resolve(host_, port, ec);
    if (ec) throw std::runtime_error("--url: cannot resolve " + rest + ": " + ec.message());
    const json options = parse_json_input(c.options, "--options");  // BadInput: a runtime_error
    if (!options.is_object()) throw std::runtime_error("--options: a JSON object");
    create_body_ = json{{"game", c.game}, {"vs", "friend"}, {"options", options}}.dump();
    if (!c.trace.empty()) {
      trace_.reset(std::fopen(c.trace.c_str(), "w"));
      if (!trace_) throw std::runtime_error("--trace: cannot write " + c.trace);
    }
  }

  std::string run() {
    measured_from_ = Clock::now() + seconds(config_.warmup);
    for (int g = 0; g < config_.games; ++g)
      asio::co_spawn(io_, play_games(), [this](std::exception_ptr e) {
        failed(e);
        if (++ended_ == config_.games) io_.stop();  // every game slot is done
      });
    asio::steady_timer deadline(io_, seconds(config_.warmup + config_.seconds));
    deadline.async_wait([this](beast::error_code) {
      stopping_ = true;
      stopped_at_ = Clock::now();
    });
    // After the deadline the bots finish the message in hand; those waiting for an opponent
    // that stopped are cut off two seconds later.
    asio::steady_timer cut(io_, seconds(config_.warmup + config_.seconds + 2));
    cut.async_wait([this](beast::error_code) { io_.stop(); });
    io_.run();
    const double secs = std::chrono::duration<double>(stopped_at_ - measured_from_).count();
    return report(secs);
  }

 private:
  static Clock::duration seconds(double s) {
    return std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(s));
  }
  /// Whether a time falls in the measured part of the run (after the warm-up).
  bool measured(Clock::time_point t) const { return t >= measured_from_; }

  /// Games one after another in one slot until the time is up.
  awaitable<void> play_games() {
    try {
      while (!stopping_) {
        const json g = co_await create();
        if (stopping_) break;
        co_await (seat(g.at("id"), g.at("token")) && seat(g.at("id"), g.at("invite_token")));
      }
    } catch (const TimeIsUp&) {
      // a bot stopped with its game unfinished: its partner's wait was cancelled with it
    } catch (const asio::multiple_exceptions& e) {
      // Both bots stopped, so did the game. Asio keeps the first seat's exception, whichever
      // stopped first: a seat cut off because its partner stopped at the deadline ends with
      // its wait cancelled.
      try {
        std::rethrow_exception(e.first_exception());
      } catch (const TimeIsUp&) {
      } catch (const boost::system::system_error& x) {
        if (!(stopping_ && x.code() == asio::error::operation_aborted)) throw;
      }
    }
  }

  /// Thrown by a bot that stops at the deadline, so that its partner stops waiting too.
  struct TimeIsUp {};

  awaitable<json> create() {
    beast::tcp_stream stream(co_await asio::this_coro::executor);
    co_await stream.async_connect(endpoints_, use_awaitable);
    http::request<http::string_body> req{http::verb::post, "/api/games", 11};
    req.set(http::field::host, host_port_);
    req.set(http::field::content_type, "application/json");
    req.body() = create_body_;
    req.prepare_payload();
    co_await http::async_write(stream, req, use_awaitable);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    co_await http::async_read(stream, buffer, res, use_awaitable);
    beast::error_code ignored;
    stream.socket().shutdown(tcp::socket::shutdown_both, ignored);
    if (res.result_int() != 201 && res.result_int() != 200)
      throw std::runtime_error("create: " + std::to_string(res.result_int()) + " " + res.body());
    co_return parse_json_input(res.body(), "the create answer");
  }

  /// One bot at one seat of a game, until the game ends or the time is up.
  awaitable<void> seat(std::string id, std::string token) {
    WsClient ws(co_await asio::this_coro::executor, static_cast<std::uint32_t>(rng_()));
    co_await ws.connect(endpoints_, host_port_, "/ws");
    ++opened_;
    const std::string hello =
        json{{"type", "hello"}, {"game", id}, {"token", token}, {"compact", config_.compact}}
            .dump();
    co_await ws.write_text(hello);
    long long version = -1, my_seat = 0;
    Clock::time_point sent_at{};
    Clock::time_point in_play_since{};  ///< seat 1: the game's first state message
    struct InPlay {  // adds the game's time in play to the report however the bot ends
      LoadRun& run;
      Clock::time_point& since;
      ~InPlay() {
        if (since == Clock::time_point{}) return;
        const Clock::time_point from = std::max(since, run.measured_from_);
        const Clock::time_point to = run.stopped_or_now();
        if (to > from) run.in_play_s_ += std::chrono::duration<double>(to - from).count();
      }
    } in_play{*this, in_play_since};
    bool waiting = false;
    std::string last_act;  ///< with --trace: the act message in flight
    for (;;) {
      beast::error_code ec;
      const std::string_view data = co_await ws.read(ec);
      if (ec) break;  // the server closed, or the run was cut off
      ++messages_;
      bytes_ += data.size();
      biggest_ = std::max(biggest_, data.size());
      if (!data.starts_with(R"({"type":"state")")) {
        if (data.find(R"("type":"error")") != std::string_view::npos) {
          ++errors_;
          if (first_error_.empty()) first_error_ = std::string(data.substr(0, 300));
        }
        continue;
      }
      // The top-level fields before the view: cheap to read without parsing.
      const std::string_view head = data.substr(0, data.find(R"("view":)"));
      const long long v = int_after(head, R"("version":)");
      const long long to_act = int_after(head, R"("to_act":)");
      if (my_seat == 0) my_seat = int_after(head, R"("seat":)");
      if (waiting && v > version) {
        if (measured(sent_at)) {
          rtts_.push_back(
              std::chrono::duration<double, std::milli>(Clock::now() - sent_at).count());
          if (trace_) trace(sent_at, rtts_.back(), data.size(), last_act);
        }
        waiting = false;
      }
      version = v;
      if (my_seat == 1 && in_play_since == Clock::time_point{}) in_play_since = Clock::now();
      if (head.find(R"("over":true)") != std::string_view::npos) {
        if (my_seat == 1 && measured(Clock::now())) ++finished_;
        break;
      }
      if (stopping_) {
        beast::error_code ignored;
        ws.socket().shutdown(tcp::socket::shutdown_both, ignored);
        throw TimeIsUp{};
      }
      if (to_act != my_seat) continue;
      const std::string act = choose(data, head.size(), static_cast<std::uint64_t>(v));
      if (act.empty()) continue;
      if (config_.think_ms > 0) {
        std::uniform_real_distribution<double> pause(0.5, 1.5);
        asio::steady_timer t(
            co_await asio::this_coro::executor,
            std::chrono::duration_cast<Clock::duration>(
                std::chrono::duration<double, std::milli>(config_.think_ms * pause(rng_))));
        co_await t.async_wait(use_awaitable);
      }
      sent_at = Clock::now();
      waiting = true;
      if (measured(sent_at)) ++actions_;
      if (trace_) last_act = act;
      co_await ws.write_text(act);
    }
    beast::error_code ignored;
    ws.socket().shutdown(tcp::socket::shutdown_both, ignored);
  }

  /// A random offered action of a state message, as the act message ("" when none).
  /// `view_at`: where the top-level "view" starts (the message's length when it has none).
  /// The view and the offered actions' descriptions, most of the message and of no use to a
  /// bot, are stepped over unread; the offered texts and groups are counted as they are
  /// stepped over (the whole message is read with the strict reader when it is not laid out as
  /// expected).
  std::string choose(std::string_view message, std::size_t view_at, std::uint64_t version) {
    const std::size_t view_end = end_of_view(message, view_at);
    const Offers offers =
        view_end == std::string_view::npos ? Offers{} : offers_in(message, view_end);
    if (!offers.laid_out) {
      // Not as the server lays its messages out: read it all with the strict reader.
      OfferPicker pick(rng_);
      json::sax_parse(message.begin(), message.end(), &pick);
      if (pick.offered == 0) return {};
      json act{{"type", "act"}, {"version", pick.version}};
      if (pick.by_group) {
        act["group"] = pick.group;
        act["choice"] = pick.choice;
      } else {
        act["action"] = pick.text;
      }
      return act.dump();
    }
    // One draw among every offered action, each with the same chance.
    const std::size_t offered = offers.count();
    if (offered == 0) return {};
    std::size_t k = std::uniform_int_distribution<std::size_t>(0, offered - 1)(rng_);
    std::string act = R"({"type":"act","version":)" + std::to_string(version);
    if (k < offers.legal.size()) {
      act += R"(,"action":)";
      act += offers.legal[k];  // the text as the message wrote it
      act += '}';
      return act;
    }
    k -= offers.legal.size();
    std::size_t group = 0;
    while (k >= offers.choices[group]) k -= offers.choices[group++];
    act += R"(,"group":)" + std::to_string(group) + R"(,"choice":)" + std::to_string(k) + "}";
    return act;
  }

  /// One line of the --trace file: when the action was sent (ms after the warm-up), its round
  /// trip, the size of the state message that answered it, and the act message itself.
  void trace(Clock::time_point sent, double rtt_ms, std::size_t reply_bytes,
             const std::string& act) {
    std::fprintf(trace_.get(), "{\"at_ms\":%.3f,\"rtt_ms\":%.3f,\"reply_bytes\":%zu,\"act\":%s}\n",
                 std::chrono::duration<double, std::milli>(sent - measured_from_).count(), rtt_ms,
                 reply_bytes, act.c_str());
  }

  /// The deadline once passed, else now.
  Clock::time_point stopped_or_now() const { return stopping_ ? stopped_at_ : Clock::now(); }

  void failed(std::exception_ptr e) {
    if (!e) return;
    ++errors_;
    try {
      std::rethrow_exception(e);
    } catch (const std::exception& x) {
      if (first_error_.empty()) first_error_ = std::string(x.what()).substr(0, 300);
    }
  }

  std::string report(double secs) {
    std::sort(rtts_.begin(), rtts_.end());
    const auto q = [&](double p) -> json {
      if (rtts_.empty()) return "n/a";
      const auto i = std::min(rtts_.size() - 1,
                              static_cast<std::size_t>(p * static_cast<double>(rtts_.size())));
      char s[32];
      std::snprintf(s, sizeof s, "%.2f", rtts_[i]);
      return s;
    };
    const auto one = [](double x) { return std::round(x * 10) / 10; };
    json out{
        {"tool", "ancients load"},
        {"concurrent_games", config_.games},
        {"sockets_opened", opened_},
        {"seconds", one(secs)},
        {"warmup_seconds", config_.warmup},
        {"actions", actions_},
        {"actions_per_second", std::llround(static_cast<double>(actions_) / secs)},
        {"games_finished", finished_},
        {"games_in_play", one(in_play_s_ / secs)},
        {"errors", errors_},
        {"compact", config_.compact},
        {"messages", messages_},
        {"kib_per_message", one(static_cast<double>(bytes_) /
                                static_cast<double>(std::max<std::size_t>(1, messages_)) / 1024)},
        {"biggest_kib", one(static_cast<double>(biggest_) / 1024)},
        {"rtt_ms", {{"p50", q(0.5)}, {"p90", q(0.9)}, {"p99", q(0.99)}, {"max", q(1)}}}};
    if (!first_error_.empty()) out["first_error"] = first_error_;
    return out.dump(-1, ' ', false, json::error_handler_t::replace);
  }

  LoadConfig config_;
  asio::io_context io_;
  tcp::resolver::results_type endpoints_;
  std::string host_, host_port_, create_body_;
  std::mt19937_64 rng_;
  bool stopping_ = false;
  int ended_ = 0;         ///< game slots done
  double in_play_s_ = 0;  ///< seconds games spent in play (created, both seats seated)
  /// The end of the warm-up: what happens before it is not counted (the games' start).
  Clock::time_point measured_from_ = Clock::now();
  Clock::time_point stopped_at_ = Clock::now();
  std::vector<double> rtts_;
  struct CloseFile {
    void operator()(std::FILE* f) const { std::fclose(f); }
  };
  std::unique_ptr<std::FILE, CloseFile> trace_;  ///< --trace: one JSON line per round trip
  std::size_t opened_ = 0, actions_ = 0, finished_ = 0, errors_ = 0, messages_ = 0, bytes_ = 0,
              biggest_ = 0;
  std::string first_error_;
};

}  // namespace

std::string run_load(const LoadConfig& config) {
  if (config.games < 1) throw std::runtime_error("--games: at least 1");
  if (!(config.seconds > 0)) throw std::runtime_error("--seconds: more than 0");
  // Two sockets a game and the server's own: raise the open-files limit as far as allowed.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0 && files.rlim_cur < files.rlim_max) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }
  return LoadRun(config).run();
}

}  // namespace ancients::server
