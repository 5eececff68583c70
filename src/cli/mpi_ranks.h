// MPI for the commands that share many games across machines (`ancients balance`,
// `ancients tournament`): when the program runs under mpirun (Open MPI's environment says so)
// and was built with MPI (CMake option ANCIENTS_MPI), world() initialises MPI once and gives
// this process's rank and the number of ranks; otherwise there is one rank and MPI is never
// touched. Each rank plays its share of the games (game i goes to rank i % size), the sums of
// the results meet on rank 0, and only rank 0 prints and writes. MPI calls are made from the
// main thread only (MPI_THREAD_FUNNELED).
#pragma once

#include <cstdint>
#include <vector>

namespace ancients::cli {

struct Ranks {
  int rank = 0;
  int size = 1;
  bool root() const { return rank == 0; }
};

/// This process's place among the ranks. Throws ExitError when started by mpirun with several
/// ranks but built without MPI (each rank would play everything).
Ranks world();
/// Element-wise sums over every rank, left on rank 0 (other ranks' vectors are unspecified
/// afterwards). With one rank: unchanged.
void sum_on_root(std::vector<std::int64_t>& values);
void sum_on_root(std::vector<double>& values);
/// True on every rank when `flag` is true on any rank.
bool any_rank(bool flag);
/// The default thread count of a rank: this machine's cores shared among the ranks mpirun
/// started on it (all cores without mpirun).
int default_threads();
/// Whether this program was built with MPI.
bool built_with_mpi();

}  // namespace ancients::cli
