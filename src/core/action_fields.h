// The fields every action description shares (State::action_info; docs/protocol.md,
// "Structured actions"), written through a writer (core/json_writer.h: text or a tree): each
// game's describer writes these first, then its own fields.
#pragma once

#include <span>
#include <string>
#include <string_view>

namespace ancients {

namespace detail {
template <class Writer, class Cards, class Squares>
void begin_action_fields_of(Writer& w, bool offered, std::string_view text, std::string_view kind,
                            const Cards& cards, const Squares& squares, std::string_view words) {
  w.begin_object();
  if (!offered) w.key("text").string(text);
  w.key("kind").string(kind);
  w.key("card");
  if (cards.empty())
    w.null();
  else
    w.string(cards.front());
  w.key("cards").begin_array();
  for (const auto& c : cards) w.string(c);
  w.end_array();
  w.key("squares").begin_array();
  for (const auto& q : squares) w.string(q);
  w.end_array();
  w.key("words").string(words);
}
}  // namespace detail

/// Opens a description's object and writes "text" (left out in the form a server offers beside
/// the action's text), "kind", "card" (the first of `cards`, or null), "cards", "squares" and
/// "words". The caller adds its own fields and closes the object.
template <class Writer>
void begin_action_fields(Writer& w, bool offered, std::string_view text, std::string_view kind,
                         std::span<const std::string> cards, std::span<const std::string> squares,
                         std::string_view words) {
  detail::begin_action_fields_of(w, offered, text, kind, cards, squares, words);
}

/// The same with the cards and squares as views (of the action's text, or the rules' names).
template <class Writer>
void begin_action_fields(Writer& w, bool offered, std::string_view text, std::string_view kind,
                         std::span<const std::string_view> cards,
                         std::span<const std::string_view> squares, std::string_view words) {
  detail::begin_action_fields_of(w, offered, text, kind, cards, squares, words);
}

}  // namespace ancients
