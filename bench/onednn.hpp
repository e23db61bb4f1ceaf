// bench/onednn.hpp: oneDNN for the benchmarks that measure it beside sxla (bench_conv,
// bench_inference), on one thread. Defines SXLA_BENCH_DNNL when oneDNN's header is there
// and meson found the library (SXLA_BENCH_DNNL_FOUND, bench/meson.build).
#ifndef SXLA_BENCH_ONEDNN_HPP
#define SXLA_BENCH_ONEDNN_HPP

#if __has_include(<oneapi/dnnl/dnnl.hpp>) && defined(SXLA_BENCH_DNNL_FOUND)
#define SXLA_BENCH_DNNL 1
#include <oneapi/dnnl/dnnl.hpp>
#if DNNL_CPU_RUNTIME == DNNL_RUNTIME_OMP
// libgomp's, linked by meson without -fopenmp (which would also switch on Eigen's and
// sxla's OpenMP paths).
extern "C" void omp_set_num_threads(int);
extern "C" int omp_get_max_threads();
#endif

// Debian's libdnnl 2.6 is built with DNNL_CPU_RUNTIME = OMP (libgomp). libgomp reads
// OMP_NUM_THREADS when it is loaded, before main, so setenv would come too late; oneDNN
// sizes its work by omp_get_max_threads() when a primitive is created and runs it in an
// OpenMP parallel region, so setting the calling thread's nthreads-var to 1 before the
// first primitive makes it single-threaded (DNNL_VERBOSE prints nthr:1). Returns the count.
inline int onednn_one_thread() {
#if DNNL_CPU_RUNTIME == DNNL_RUNTIME_OMP
  omp_set_num_threads(1);
  return omp_get_max_threads();
#else
#error "bench/onednn.hpp: forcing one thread is written for oneDNN's OpenMP runtime only"
#endif
}
#endif

#endif  // SXLA_BENCH_ONEDNN_HPP
