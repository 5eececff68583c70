// MPI for the commands that share many games across ranks (see mpi_ranks.h).
#include "cli/mpi_ranks.h"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <thread>

#include "cli/command.h"

#ifdef ANCIENTS_HAVE_MPI
#include <mpi.h>
#endif

namespace ancients::cli {
namespace {

/// The number of ranks mpirun started, from its environment (Open MPI, PMIx, MPICH), or 0.
int launcher_size() {
  for (const char* name : {"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE"})
    if (const char* v = std::getenv(name)) return std::atoi(v);
  return std::getenv("PMIX_RANK") != nullptr ? 1 : 0;
}

}  // namespace

bool built_with_mpi() {
#ifdef ANCIENTS_HAVE_MPI
  return true;
#else
  return false;
#endif
}

int default_threads() {
  const int cores = std::max(1, static_cast<int>(std::thread::hardware_concurrency()));
  const char* local = std::getenv("OMPI_COMM_WORLD_LOCAL_SIZE");
  const int here = local != nullptr ? std::max(1, std::atoi(local)) : 1;
  return std::max(1, cores / here);
}

Ranks world() {
  static const Ranks ranks = [] {
    Ranks r;
    const int launched = launcher_size();
    if (launched == 0) return r;
#ifdef ANCIENTS_HAVE_MPI
    int provided = 0;
    MPI_Init_thread(nullptr, nullptr, MPI_THREAD_FUNNELED, &provided);
    std::atexit([] {
      int finalized = 0;
      MPI_Finalized(&finalized);
      if (!finalized) MPI_Finalize();
    });
    MPI_Comm_rank(MPI_COMM_WORLD, &r.rank);
    MPI_Comm_size(MPI_COMM_WORLD, &r.size);
#else
    if (launched > 1)
      throw ExitError{2, fmt::format("started by mpirun with {} ranks, but this ancients was "
                                     "built without MPI (CMake option ANCIENTS_MPI, package "
                                     "libopenmpi-dev): run it without mpirun",
                                     launched)};
#endif
    return r;
  }();
  return ranks;
}

void sum_on_root(std::vector<std::int64_t>& values) {
#ifdef ANCIENTS_HAVE_MPI
  const Ranks r = world();
  if (r.size == 1) return;
  std::vector<std::int64_t> out(values.size());
  MPI_Reduce(values.data(), out.data(), static_cast<int>(values.size()), MPI_INT64_T, MPI_SUM, 0,
             MPI_COMM_WORLD);
  if (r.root()) values = std::move(out);
#else
  (void)values;
#endif
}

void sum_on_root(std::vector<double>& values) {
#ifdef ANCIENTS_HAVE_MPI
  const Ranks r = world();
  if (r.size == 1) return;
  std::vector<double> out(values.size());
  MPI_Reduce(values.data(), out.data(), static_cast<int>(values.size()), MPI_DOUBLE, MPI_SUM, 0,
             MPI_COMM_WORLD);
  if (r.root()) values = std::move(out);
#else
  (void)values;
#endif
}

bool any_rank(bool flag) {
#ifdef ANCIENTS_HAVE_MPI
  if (world().size == 1) return flag;
  int in = flag ? 1 : 0, out = 0;
  MPI_Allreduce(&in, &out, 1, MPI_INT, MPI_MAX, MPI_COMM_WORLD);
  return out != 0;
#else
  return flag;
#endif
}

}  // namespace ancients::cli
