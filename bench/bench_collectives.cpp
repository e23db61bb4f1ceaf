// Collectives, side by side in one run:
//   under `mpirun -np 2 bench_collectives` (one replica per rank, x::mpi_communicator):
//     all_reduce      sum of f32[262144] (1 MiB): x::all_reduce against MPI_Allreduce
//     all_gather      f32[131072] from each rank into f32[262144]: x::all_gather<0, 2>
//                     against MPI_Allgather
//     reduce_scatter  f32[262144] into f32[131072] per rank: x::reduce_scatter<0, 2>
//                     against MPI_Reduce_scatter_block
//   alone, `bench_collectives` (one process, x::thread_communicator, two threads):
//     thread_all_reduce  sum of f32[262144] per thread across 2 threads, against
//                        stream_add, the same data movement with no collective around it
//                        (out_t[i] = in_t[i] + in_other[i] on each thread: 2 reads and 1
//                        write per element per thread), the machine's bound at this size.
// Every rank runs the same fixed iteration counts (adaptive counts could differ between
// ranks, and a collective with a missing rank waits forever); only rank 0 reports. The
// results are checked once, before timing.
#include <sxla/sxla.hpp>

#include <benchmark/benchmark.h>

#ifdef SXLA_BENCH_MPI
#include <sxla/mpi.hpp>
#endif

#include <cstddef>
#include <cstdio>
#include <cstdlib>
#include <memory>

namespace x = sxla;

namespace {

constexpr std::size_t n = 262144;
using big_t = x::tensor<"f32[262144]">;
using half_t = x::tensor<"f32[131072]">;

void check(bool ok, const char* what) {
  if (!ok) {
    std::fprintf(stderr, "bench_collectives: %s\n", what);
    std::abort();
  }
}

// ---- in-process ---------------------------------------------------------------------

x::thread_communicator world(2);
struct thread_buffers {
  big_t in{x::uninitialized};
  big_t out{x::uninitialized};
};
std::unique_ptr<thread_buffers[]> buffers;  // one per thread, made before timing

void bytes_counter(benchmark::State& state) {
  // Per thread: 2 reads and 1 write of n floats per iteration.
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(3 * n * sizeof(float)));
}

void BM_thread_all_reduce(benchmark::State& state) {
  const int me = state.thread_index();
  const x::thread_replica comm = world.replica(me);
  thread_buffers& b = buffers[static_cast<std::size_t>(me)];
  for (auto _ : state) {
    auto r = x::all_reduce(b.in, x::add_op, comm);
    benchmark::DoNotOptimize(r.value.data());
    benchmark::ClobberMemory();
  }
  bytes_counter(state);
}

void BM_thread_stream_add(benchmark::State& state) {
  const int me = state.thread_index();
  thread_buffers& b = buffers[static_cast<std::size_t>(me)];
  const float* other = buffers[static_cast<std::size_t>(1 - me)].in.data();
  for (auto _ : state) {
    float* out = b.out.data();
    const float* in = b.in.data();
    for (std::size_t i = 0; i < n; ++i) out[i] = in[i] + other[i];
    benchmark::DoNotOptimize(out);
    benchmark::ClobberMemory();
  }
  bytes_counter(state);
}

void check_threads() {
  buffers = std::make_unique<thread_buffers[]>(2);
  for (int t = 0; t < 2; ++t)
    for (std::size_t i = 0; i < n; ++i) buffers[t].in(static_cast<x::index_t>(i)) = static_cast<float>((i * (t + 3)) % 97);
  bool ok = true;
  world.run([&ok](x::thread_replica comm) {
    auto r = x::all_reduce(buffers[static_cast<std::size_t>(comm.replica_id())].in, x::add_op, comm);
    for (std::size_t i = 0; i < n; ++i)
      if (r.value(static_cast<x::index_t>(i)) != static_cast<float>((i * 3) % 97 + (i * 4) % 97)) ok = false;
  });
  check(ok, "thread all_reduce differs from the sum");
}

#ifdef SXLA_BENCH_MPI
// ---- MPI ---------------------------------------------------------------------------------

x::mpi_communicator* comm = nullptr;  // made in main, after MPI_Init
// The operands, shared by both sides.
struct mpi_buffers {
  big_t in{x::uninitialized};
  half_t half{x::uninitialized};
};
std::unique_ptr<mpi_buffers> mb;

// MPI's results go to a tensor on the stack, as x::'s do: a heap buffer (often backed by
// huge pages) makes the copy out of MPI's shared-memory segment faster by up to ~9% in
// some runs here, whoever calls MPI (bench/RESULTS.md).
void BM_mpi_all_reduce_raw(benchmark::State& state) {
  MPI_Barrier(MPI_COMM_WORLD);
  big_t out(x::uninitialized);
  for (auto _ : state) {
    MPI_Allreduce(mb->in.data(), out.data(), static_cast<int>(n), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(n * sizeof(float)));
}
void BM_mpi_all_reduce_sxla(benchmark::State& state) {
  MPI_Barrier(MPI_COMM_WORLD);
  for (auto _ : state) {
    auto r = x::all_reduce(mb->in, x::add_op, *comm);
    benchmark::DoNotOptimize(r.value.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(n * sizeof(float)));
}
void BM_mpi_all_gather_raw(benchmark::State& state) {
  MPI_Barrier(MPI_COMM_WORLD);
  big_t out(x::uninitialized);
  for (auto _ : state) {
    MPI_Allgather(mb->half.data(), static_cast<int>(n / 2), MPI_FLOAT, out.data(), static_cast<int>(n / 2), MPI_FLOAT,
                  MPI_COMM_WORLD);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(n * sizeof(float)));
}
void BM_mpi_all_gather_sxla(benchmark::State& state) {
  MPI_Barrier(MPI_COMM_WORLD);
  for (auto _ : state) {
    auto r = x::all_gather<0, 2>(mb->half, *comm);
    benchmark::DoNotOptimize(r.value.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(n * sizeof(float)));
}
void BM_mpi_reduce_scatter_raw(benchmark::State& state) {
  MPI_Barrier(MPI_COMM_WORLD);
  half_t out(x::uninitialized);
  for (auto _ : state) {
    MPI_Reduce_scatter_block(mb->in.data(), out.data(), static_cast<int>(n / 2), MPI_FLOAT, MPI_SUM, MPI_COMM_WORLD);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(n * sizeof(float)));
}
void BM_mpi_reduce_scatter_sxla(benchmark::State& state) {
  MPI_Barrier(MPI_COMM_WORLD);
  for (auto _ : state) {
    auto r = x::reduce_scatter<0, 2>(mb->in, x::add_op, *comm);
    benchmark::DoNotOptimize(r.value.data());
    benchmark::ClobberMemory();
  }
  state.SetBytesProcessed(state.iterations() * static_cast<std::int64_t>(n * sizeof(float)));
}

void check_mpi(int rank) {
  mb = std::make_unique<mpi_buffers>();
  for (std::size_t i = 0; i < n; ++i) mb->in(static_cast<x::index_t>(i)) = static_cast<float>((i * (rank + 3)) % 97);
  for (std::size_t i = 0; i < n / 2; ++i) mb->half(static_cast<x::index_t>(i)) = static_cast<float>(rank * 1000 + static_cast<int>(i % 100));
  auto r = x::all_reduce(mb->in, x::add_op, *comm);
  auto g = x::all_gather<0, 2>(mb->half, *comm);
  auto s = x::reduce_scatter<0, 2>(mb->in, x::add_op, *comm);
  check(r.ok() && g.ok() && s.ok(), "a collective failed");
  bool ok = true;
  for (std::size_t i = 0; i < n; ++i) {
    const auto k = static_cast<x::index_t>(i);
    ok = ok && r.value(k) == static_cast<float>((i * 3) % 97 + (i * 4) % 97);
    ok = ok && g.value(k) == static_cast<float>((i < n / 2 ? 0 : 1000) + static_cast<int>((i % (n / 2)) % 100));
  }
  for (std::size_t i = 0; i < n / 2; ++i) {
    const std::size_t j = i + static_cast<std::size_t>(rank) * n / 2;
    ok = ok && s.value(static_cast<x::index_t>(i)) == static_cast<float>((j * 3) % 97 + (j * 4) % 97);
  }
  check(ok, "an MPI collective differs from its definition");
  // Warm up MPI's transport (its first large messages set up shared-memory segments).
  for (int i = 0; i < 200; ++i) {
    benchmark::DoNotOptimize(x::all_reduce(mb->in, x::add_op, *comm).value.data());
    benchmark::DoNotOptimize(x::all_gather<0, 2>(mb->half, *comm).value.data());
    benchmark::DoNotOptimize(x::reduce_scatter<0, 2>(mb->in, x::add_op, *comm).value.data());
  }
}
#endif

// No-op reporter for the ranks that do not report.
class silent_reporter : public benchmark::BenchmarkReporter {
 public:
  bool ReportContext(const Context&) override { return true; }
  void ReportRuns(const std::vector<Run>&) override {}
};

}  // namespace

int main(int argc, char** argv) {
  int rank = 0;
  int size = 1;
#ifdef SXLA_BENCH_MPI
  MPI_Init(&argc, &argv);
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
#endif
  benchmark::Initialize(&argc, argv);
  if (size == 1) {
    check_threads();
    // Alternating, so that a drift in the machine's speed shows in both.
    for (int rep = 0; rep < 3; ++rep) {
      benchmark::RegisterBenchmark("thread_all_reduce/f32[262144]/2", BM_thread_all_reduce)->Threads(2)->UseRealTime()->MinTime(0.3);
      benchmark::RegisterBenchmark("stream_add/f32[262144]/2", BM_thread_stream_add)->Threads(2)->UseRealTime()->MinTime(0.3);
    }
  }
#ifdef SXLA_BENCH_MPI
  {
    x::mpi_communicator c;
    comm = &c;
    if (size == 2) {
      check_mpi(rank);
      const benchmark::IterationCount iters = 1000;
      // Nine rounds; within each pair, MPI first in even rounds and sxla first in odd
      // ones, so that neither always runs on the caches the other left.
      const auto pair = [iters](int round, const char* raw_name, void (*raw)(benchmark::State&), const char* sxla_name,
                                void (*sxla)(benchmark::State&)) {
        for (int k = 0; k < 2; ++k) {
          const bool raw_now = (k == 0) == (round % 2 == 0);
          benchmark::RegisterBenchmark(raw_now ? raw_name : sxla_name, raw_now ? raw : sxla)->Iterations(iters)->UseRealTime();
        }
      };
      for (int round = 0; round < 9; ++round) {
        pair(round, "mpi_all_reduce/MPI_Allreduce", BM_mpi_all_reduce_raw, "mpi_all_reduce/x::all_reduce", BM_mpi_all_reduce_sxla);
        pair(round, "mpi_all_gather/MPI_Allgather", BM_mpi_all_gather_raw, "mpi_all_gather/x::all_gather", BM_mpi_all_gather_sxla);
        pair(round, "mpi_reduce_scatter/MPI_Reduce_scatter_block", BM_mpi_reduce_scatter_raw,
             "mpi_reduce_scatter/x::reduce_scatter", BM_mpi_reduce_scatter_sxla);
      }
    } else if (size > 2) {
      if (rank == 0) std::fprintf(stderr, "bench_collectives: run with mpirun -np 2 (or alone)\n");
    }
#endif
    if (rank == 0) {
      benchmark::RunSpecifiedBenchmarks();
    } else {
      silent_reporter quiet;
      benchmark::RunSpecifiedBenchmarks(&quiet);
    }
#ifdef SXLA_BENCH_MPI
    mb.reset();
  }
  MPI_Finalize();
#endif
  benchmark::Shutdown();
  return 0;
}
