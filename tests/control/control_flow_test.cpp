// x::call, x::conditional, x::while_, x::optimization_barrier, and the copy, async and
// add_dependency ops: results against values
// worked out here, only the chosen branch running (counted), XLA's default branch for
// every out-of-range index, states of every value kind (the seed's While example is in
// seeds/seed_002_control_test.cpp), nested control flow (a while whose body holds a
// conditional over a reduce, checked against a plain loop), and constant evaluation.
#include <doctest/doctest.h>

#include <sxla/sxla.hpp>

#include <cmath>
#include <cstdint>
#include <limits>
#include <tuple>
#include <type_traits>

namespace x = sxla;

namespace {
struct counting_square {
  int* calls;
  float operator()(float v) const {
    ++*calls;
    return v * v;
  }
};
}  // namespace

TEST_CASE("call: runs the computation and returns a value") {
  const x::tensor<"f32[3]"> a = {1, 2, 3};
  const x::tensor<"f32[3]"> b = {10, 20, 30};
  // A lazy result is evaluated; a number becomes a rank-0 tensor; a tuple converts.
  auto sum = x::call([](const auto& p, const auto& q) { return p + q; }, a, b);
  static_assert(std::is_same_v<decltype(sum), x::tensor<"f32[3]">>);
  CHECK(sum == x::tensor<"f32[3]">{11, 22, 33});
  auto n = x::call([](int i) { return i * 2; }, 21);
  static_assert(std::is_same_v<decltype(n), x::tensor<"s32[]">>);
  CHECK(n() == 42);
  auto t = x::call([](const auto& p) { return std::tuple{p * 2.0f, x::token{}}; }, a);
  CHECK(std::get<0>(t) == x::tensor<"f32[3]">{2, 4, 6});
  // No arguments (XLA allows none), and a function pointer.
  auto z = x::call([] { return x::tensor<"u8[2]">{1, 2}; });
  CHECK(z(1) == 2);
  constexpr auto c = x::call([](const auto& p) { return p * p; }, x::tensor<"s32[2]">{3, 4});
  static_assert(c(1) == 16);
}

TEST_CASE("conditional(pred, ...): only the chosen computation runs") {
  const x::tensor<"f32[2]"> a = {1, 2};
  const x::tensor<"f32[3]"> b = {3, 4, 5};
  int true_runs = 0;
  int false_runs = 0;
  const auto on_true = [&](const auto& v) {
    ++true_runs;
    return x::reduce<0>(v, 0.0f, x::add_op);
  };
  const auto on_false = [&](const auto& v) {
    ++false_runs;
    return x::reduce<0>(v * v, 0.0f, x::add_op);
  };
  auto r = x::conditional(true, a, on_true, b, on_false);
  static_assert(std::is_same_v<decltype(r), x::tensor<"f32[]">>);
  CHECK(r() == 3);
  CHECK((true_runs == 1 && false_runs == 0));
  r = x::conditional(false, a, on_true, b, on_false);
  CHECK(r() == 50);
  CHECK((true_runs == 1 && false_runs == 1));
  // pred as a pred[] tensor, a view and a lazy comparison (of which one element is computed).
  const x::tensor<"pred[]"> yes = true;
  CHECK(x::conditional(yes, a, on_true, b, on_false)() == 3);
  bool no_buf[1] = {false};
  CHECK(x::conditional(x::view<"pred[]">(no_buf), a, on_true, b, on_false)() == 50);
  const x::tensor<"s32[]"> k = 4;
  CHECK(x::conditional(k > 3, a, on_true, b, on_false)() == 3);
  CHECK(x::conditional(k > 5, a, on_true, b, on_false)() == 50);
  CHECK((true_runs == 3 && false_runs == 3));
  // A lazy operand is handed to the computation as it is.
  CHECK(x::conditional(false, a, on_true, b + 1.0f, on_false)() == 16 + 25 + 36);
}

TEST_CASE("conditional(index, branches, operands): XLA's default branch for any index out of range") {
  int runs[3] = {0, 0, 0};
  const auto branches = std::tuple{
      [&](const x::tensor<"s32[2]">& v) {
        ++runs[0];
        return x::eval(v + 100);
      },
      [&](std::int32_t v) {
        ++runs[1];
        return x::tensor<"s32[2]">{v, v};
      },
      [&](const auto& v) {
        ++runs[2];
        return x::eval(-v);
      }};
  const auto operands = std::tuple{x::tensor<"s32[2]">{1, 2}, 7, x::tensor<"s32[2]">{3, 4}};
  const auto run = [&](auto index) { return x::conditional(index, branches, operands); };
  CHECK(run(0) == x::tensor<"s32[2]">{101, 102});
  CHECK(run(1) == x::tensor<"s32[2]">{7, 7});
  CHECK(run(2) == x::tensor<"s32[2]">{-3, -4});
  CHECK((runs[0] == 1 && runs[1] == 1 && runs[2] == 1));
  // < 0 or >= N: the last branch, N - 1.
  for (std::int64_t i : {-1LL, -2LL, 3LL, 4LL, 1000LL, static_cast<long long>(std::numeric_limits<std::int32_t>::min()),
                         static_cast<long long>(std::numeric_limits<std::int32_t>::max())}) {
    CHECK(run(static_cast<std::int32_t>(i)) == x::tensor<"s32[2]">{-3, -4});
  }
  CHECK(run(std::numeric_limits<std::uint64_t>::max()) == x::tensor<"s32[2]">{-3, -4});
  CHECK(run(std::numeric_limits<std::int64_t>::min()) == x::tensor<"s32[2]">{-3, -4});
  CHECK(run(std::uint8_t{1}) == x::tensor<"s32[2]">{7, 7});
  CHECK((runs[0] == 1 && runs[1] == 2 && runs[2] == 10));
  // The index as an s32[] tensor, and as an expression.
  const x::tensor<"s32[]"> one = 1;
  CHECK(run(one) == x::tensor<"s32[2]">{7, 7});
  CHECK(run(one - 1) == x::tensor<"s32[2]">{101, 102});
  CHECK(run(one * -5) == x::tensor<"s32[2]">{-3, -4});
  // One branch.
  CHECK(x::conditional(5, std::tuple{[](int v) { return v; }}, std::tuple{9})() == 9);
  // In a constant expression.
  constexpr auto c = x::conditional(-1, std::tuple{[](int v) { return v; }, [](int v) { return v * 2; }},
                                    std::tuple{3, 4});
  static_assert(c() == 8);
}

TEST_CASE("while_: condition false at once, number states, layouts, tokens") {
  int body_runs = 0;
  const auto none = x::while_([](const auto&) { return false; },
                              [&](const auto& s) {
                                ++body_runs;
                                return s;
                              },
                              x::tensor<"f32[2]">{1, 2});
  CHECK(body_runs == 0);
  CHECK(none == x::tensor<"f32[2]">{1, 2});
  // Collatz steps of 27: 111.
  const auto steps = x::while_([](const auto& s) { return std::get<0>(s)() != 1; },
                               [](const auto& s) {
                                 const std::int64_t n = std::get<0>(s)();
                                 return std::tuple{n % 2 == 0 ? n / 2 : 3 * n + 1, std::get<1>(s) + 1};
                               },
                               std::tuple{std::int64_t{27}, 0});
  CHECK(std::get<1>(steps)() == 111);
  // A column-major state: the body's row-major results are stored into it.
  const x::tensor<"f32[2,3]{0,1}"> start = {{1, 2, 3}, {4, 5, 6}};
  const auto doubled = x::while_([](const auto& s) { return x::reduce<0, 1>(s, 0.0f, x::add_op) < 1000.0f; },
                                 [](const auto& s) { return s * 2.0f; }, start);
  static_assert(std::is_same_v<std::remove_const_t<decltype(doubled)>, x::tensor<"f32[2,3]{0,1}">>);
  CHECK(doubled(1, 2) == 6 * 64.0f);  // sum 21 * 64 = 1344 >= 1000 after 6 doublings
  CHECK(doubled.storage()[1] == 4 * 64.0f);
  // A state with a token, threaded through.
  const auto with_token = x::while_([](const auto& s) { return std::get<1>(s)() < 3; },
                                    [](const auto& s) {
                                      return std::tuple{x::after_all(std::get<0>(s)), std::get<1>(s) + 1};
                                    },
                                    std::tuple{x::token{}, 0});
  CHECK(std::get<1>(with_token)() == 3);
}

TEST_CASE("while_ in constant expressions") {
  // Integer square root of 1000 by Newton's method.
  constexpr auto r = x::while_([](const auto& s) { return std::get<0>(s) != std::get<1>(s); },
                               [](const auto& s) {
                                 // over the state, which outlives the call (not over locals)
                                 const auto& y = std::get<1>(s);
                                 return std::tuple{y, (y + 1000 / y) / 2};
                               },
                               std::tuple{0, 1000});
  static_assert(std::get<0>(r)() == 31 || std::get<0>(r)() == 32);
  constexpr auto v = x::while_([](const auto& s) { return s(0) < 100; }, [](const auto& s) { return s * 3; },
                               x::tensor<"s32[3]">{1, 2, 3});
  static_assert(v(0) == 243 && v(1) == 486 && v(2) == 729);
}

TEST_CASE("nested control flow: a while whose body holds a conditional over a reduce") {
  // state (i, v): while i < 20: s = reduce(v); v = s > 50 ? v * 0.5 : v + i (as f32); i++.
  using vec = x::tensor<"f32[8]">;
  const vec init = {1, 2, 3, 4, 5, 6, 7, 8};
  const auto result = x::while_(
      [](const auto& s) { return std::get<0>(s) < 20; },
      [](const auto& s) {
        const auto& v = std::get<1>(s);
        const auto& i = std::get<0>(s);  // a reference: the lazy i + 1 below reads it after the return
        const auto big = x::reduce<0>(v, 0.0f, x::add_op) > 50.0f;
        auto next = x::conditional(
            big, v, [](const vec& w) { return x::eval(w * 0.5f); }, std::tuple{v, i},
            [](const auto& p) { return x::eval(std::get<0>(p) + x::convert<float>(std::get<1>(p))); });
        return std::tuple{i + 1, next};
      },
      std::tuple{0, init});
  // The same computation as a plain loop.
  float w[8] = {1, 2, 3, 4, 5, 6, 7, 8};
  for (int i = 0; i < 20; ++i) {
    float s = 0;
    for (float e : w) s += e;
    for (float& e : w) e = s > 50 ? e * 0.5f : e + static_cast<float>(i);
  }
  CHECK(std::get<0>(result)() == 20);
  for (int j = 0; j < 8; ++j) CHECK(std::get<1>(result)(j) == w[j]);
}

TEST_CASE("optimization_barrier: operands evaluated once, into storage") {
  int calls = 0;
  const x::tensor<"f32[4]"> a = {1, 2, 3, 4};
  const auto lazy = x::map(counting_square{&calls}, a);
  // Used twice without a barrier, the lazy expression is computed twice.
  const x::tensor<"f32[4]"> twice = lazy + lazy;
  CHECK(calls == 8);
  calls = 0;
  const auto held = x::optimization_barrier(lazy);
  static_assert(std::is_same_v<std::remove_const_t<decltype(held)>, x::tensor<"f32[4]">>);
  CHECK(calls == 4);
  const x::tensor<"f32[4]"> sum = held + held;
  CHECK(calls == 4);  // nothing fused across the barrier
  CHECK(sum == twice);
  CHECK(sum == x::tensor<"f32[4]">{2, 8, 18, 32});
  // Several operands give a tuple.
  auto [p, q, tok] = x::optimization_barrier(a * 2.0f, 3, x::token{});
  CHECK(p(3) == 8);
  CHECK(q() == 3);
  CHECK(tok == x::token{});
  constexpr auto c = x::optimization_barrier(x::tensor<"s32[2]">{1, 2} + 1);
  static_assert(c(1) == 3);
}

TEST_CASE("after_all and tokens") {
  constexpr x::token t0{};
  constexpr x::token t1 = x::after_all(t0, t0, x::token{});
  static_assert(t1 == t0);
  static_assert(x::after_all() == x::token{});
  static_assert(std::is_empty_v<x::token>);
}

TEST_CASE("copy, copy_start / copy_done, async_start / async_update / async_done, add_dependency") {
  x::tensor<"f32[2,3]"> a = {{1, 2, 3}, {4, 5, 6}};
  // Copy: a new value; the original's later changes do not reach it.
  auto c = x::copy(a);
  static_assert(std::is_same_v<decltype(c), x::tensor<"f32[2,3]">>);
  auto lazy = x::copy(a * 2.0f);  // a lazy operand is evaluated
  auto started = x::copy_start(x::transpose<1, 0>(a));
  a(0, 0) = 100;
  CHECK(c(0, 0) == 1.0f);
  CHECK(lazy(1, 2) == 12.0f);
  const auto t = x::copy_done(started);
  static_assert(std::is_same_v<std::remove_cvref_t<decltype(t)>, x::tensor<"f32[3,2]">>);
  CHECK(t(2, 1) == 6.0f);
  CHECK(t(0, 0) == 1.0f);  // copied at the start
  // Async: the computation runs at the start; update changes nothing; done gives its result.
  int runs = 0;
  auto h = x::async_start(
      [&](const auto& p, float s) {
        ++runs;
        return x::eval(p * s);
      },
      c, 3.0f);
  CHECK(runs == 1);
  h = x::async_update(h);
  const auto r = x::async_done(h);
  CHECK(runs == 1);
  CHECK(r(1, 1) == 15.0f);
  // AddDependency: the operand itself (an lvalue by reference), after the token.
  x::token tok = x::after_all(x::token{});
  auto& same = x::add_dependency(c, tok);
  CHECK(&same == &c);
  const auto moved = x::add_dependency(x::tensor<"s32[2]">{7, 8}, tok);
  CHECK(moved(1) == 8);
}
