// Exception types shared by every game: a refused action and a malformed position or file.
// Front ends turn them into a clear message and a non-zero exit (or an error reply).
#pragma once

#include <stdexcept>
#include <string>

namespace ancients {

/// An action that is malformed or not legal in the position; the message names the action
/// and the reason.
class IllegalAction : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

/// A position, army, map, record or rules file that cannot be read; the message says where.
class BadInput : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace ancients
