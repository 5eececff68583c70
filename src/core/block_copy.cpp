// copy_block (see block_copy.h): out of line on purpose, so that callers cannot see the size.
#include "core/block_copy.h"

#include <cstring>

namespace ancients {

void copy_block(void* to, const void* from, std::size_t bytes) {
  std::memcpy(to, from, bytes);
}

}  // namespace ancients
