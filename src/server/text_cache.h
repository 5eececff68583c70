// A bounded cache of answers that never change once made (a finished game's record and
// replay: every position of the game rebuilt and written out, tens of milliseconds of the game
// thread for a long game). Kept by key; once the texts together pass a byte limit, the least
// recently used leave first. Without it, a few hundred requests for one replay froze every game
// for seconds (security review F-5). Used on the game thread only.
#pragma once

#include <cstddef>
#include <list>
#include <memory>
#include <string>
#include <unordered_map>

namespace ancients::server {

class TextCache {
 public:
  /// Holds at most `max_bytes` of text in all; a text bigger than a quarter of it is not kept.
  explicit TextCache(std::size_t max_bytes) : max_bytes_(max_bytes) {}
  /// The text kept for `key` (now the most recently used), or null.
  std::shared_ptr<const std::string> find(const std::string& key);
  /// Keeps `text` for `key` (replacing any), letting the least recently used go past the limit.
  void put(const std::string& key, std::shared_ptr<const std::string> text);
  std::size_t bytes() const { return bytes_; }
  std::size_t size() const { return index_.size(); }

 private:
  struct Entry {
    std::string key;
    std::shared_ptr<const std::string> text;
  };
  void erase(std::list<Entry>::iterator it);

  std::size_t max_bytes_;
  std::size_t bytes_ = 0;
  std::list<Entry> order_;  ///< most recently used first
  std::unordered_map<std::string, std::list<Entry>::iterator> index_;
};

}  // namespace ancients::server
