// Data-parallel linear regression: each replica holds its own shard of the training data,
// computes the gradient of the squared error on it, and x::all_reduce sums the gradients
// across replicas, so every replica takes the same step and the weights stay identical
// everywhere, as in XLA's data-parallel training. The data is y = X w + b with known w
// and b (plus a small deterministic perturbation); the program checks that the weights it
// learns are within 1e-2 of them and exits with 1 if not.
//
// Built twice (examples/meson.build): over MPI, one replica per rank,
//   mpirun -np 4 build/examples/data_parallel_regression_mpi
// and, everywhere, with one replica per thread of one process:
//   build/examples/data_parallel_regression
#include <sxla/sxla.hpp>
#ifdef SXLA_EXAMPLE_MPI
#include <sxla/mpi.hpp>
#endif

#include <cmath>
#include <cstdio>

namespace x = sxla;

namespace {

constexpr int rows = 256;  // examples per replica
constexpr int features = 4;
constexpr float true_w[features] = {1.5f, -2.0f, 0.5f, 3.0f};
constexpr float true_b = 0.25f;

// Replica r's shard: features in [-1, 1) from a small LCG seeded by r; y from the model.
struct shard {
  x::tensor<"f32[256,4]"> features{x::uninitialized};
  x::tensor<"f32[256]"> targets{x::uninitialized};
};
shard make_shard(int replica) {
  shard s;
  unsigned state = 12345u + 7919u * static_cast<unsigned>(replica);
  const auto next = [&state] {
    state = state * 1664525u + 1013904223u;
    return static_cast<float>(state >> 8) / static_cast<float>(1u << 24) * 2.0f - 1.0f;
  };
  for (int i = 0; i < rows; ++i) {
    float y = true_b + 0.01f * next();
    for (int j = 0; j < features; ++j) {
      s.features(i, j) = next();
      y += true_w[j] * s.features(i, j);
    }
    s.targets(i) = y;
  }
  return s;
}

// Gradient descent on the mean squared error over all replicas' data. Returns whether
// the weights are within 1e-2 of the truth.
template <class Comm>
bool train(const Comm& comm) {
  const int me = comm.replica_id();
  const int replicas = comm.replica_count();
  const shard data = make_shard(me);
  x::tensor<"f32[4]"> w;  // zeros
  float b = 0;
  const float rate = 0.5f;
  const float total_rows = static_cast<float>(rows * replicas);
  for (int step = 0; step < 300; ++step) {
    // Residuals and the local gradients: X^T r and sum(r), both fused lazy expressions.
    const auto residual = x::eval(x::dot(data.features, w) + b - data.targets);
    const auto grad = x::tuple(x::eval(x::dot(x::transpose<1, 0>(data.features), residual)),
                               x::eval(x::reduce<0>(residual, 0.0f, x::add_op)));
    // One all_reduce of the tuple sums both across replicas.
    const auto [sum, st] = x::all_reduce(grad, x::add_op, comm);
    if (st != x::collective_status::ok) {
      std::printf("replica %d: all_reduce failed: %s\n", me, x::to_string(st));
      return false;
    }
    w = x::eval(w - std::get<0>(sum) * (rate / total_rows));
    b -= std::get<1>(sum)() * rate / total_rows;
    if (step % 100 == 0) {  // every replica takes part in the collective; one prints
      const auto loss = x::all_reduce(x::reduce<0>(residual * residual, 0.0f, x::add_op), x::add_op, comm);
      if (me == 0) std::printf("step %3d: mean squared error %.6f\n", step, loss.value() / total_rows);
    }
  }
  bool ok = std::fabs(b - true_b) < 1e-2f;
  for (int j = 0; j < features; ++j) ok = ok && std::fabs(w(j) - true_w[j]) < 1e-2f;
  if (me == 0) {
    std::printf("%d replicas x %d rows: w = (%.4f, %.4f, %.4f, %.4f), b = %.4f (truth: 1.5, -2, 0.5, 3; 0.25)\n",
                replicas, rows, w(0), w(1), w(2), w(3), b);
  }
  return ok;
}

}  // namespace

int main(int argc, char** argv) {
#ifdef SXLA_EXAMPLE_MPI
  MPI_Init(&argc, &argv);
  bool ok = false;
  {
    x::mpi_communicator comm;  // one replica per rank of MPI_COMM_WORLD
    ok = train(comm);
  }
  MPI_Finalize();
  return ok ? 0 : 1;
#else
  (void)argc;
  (void)argv;
  x::thread_communicator world(4);  // four replicas, one per thread
  bool ok[4] = {};
  world.run([&ok](x::thread_replica comm) { ok[comm.replica_id()] = train(comm); });
  return ok[0] && ok[1] && ok[2] && ok[3] ? 0 : 1;
#endif
}
