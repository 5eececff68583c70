// The bounded cache of unchanging answers (see text_cache.h).
#include "server/text_cache.h"

namespace ancients::server {

std::shared_ptr<const std::string> TextCache::find(const std::string& key) {
  const auto it = index_.find(key);
  if (it == index_.end()) return nullptr;
  order_.splice(order_.begin(), order_, it->second);
  return it->second->text;
}

void TextCache::put(const std::string& key, std::shared_ptr<const std::string> text) {
  if (const auto it = index_.find(key); it != index_.end()) erase(it->second);
  if (!text || text->size() > max_bytes_ / 4) return;
  bytes_ += text->size();
  order_.push_front({key, std::move(text)});
  index_[key] = order_.begin();
  while (bytes_ > max_bytes_ && !order_.empty()) erase(std::prev(order_.end()));
}

void TextCache::erase(std::list<Entry>::iterator it) {
  bytes_ -= it->text->size();
  index_.erase(it->key);
  order_.erase(it);
}

}  // namespace ancients::server
