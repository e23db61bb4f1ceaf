// sxla/dist/replica_groups.hpp: what every collective is told besides its operand, and
// what it answers besides its value. x::replica_groups{{0, 2}, {1, 3}} partitions the
// replicas into groups (empty: one group of all replicas, in id order; the order in a
// group is the order of gathered and scattered blocks), x::source_target_pairs{{0, 1}}
// lists a permutation's sends, x::channel_id{n} keeps independent operations apart, and
// x::collective_status says why an operation did not run (x::collective_result, in
// dist/collectives.hpp, carries it with the value). All are fixed-capacity values
// (SXLA_MAX_REPLICAS ids, 256 unless defined before the first include): no heap.
//
// Validation is a pure function of the groups and the replica count, so every replica of
// an SPMD program reaches the same verdict, and an invalid call returns its status on
// every replica without communicating (nobody waits for a peer that gave up).
#ifndef SXLA_DIST_REPLICA_GROUPS_HPP
#define SXLA_DIST_REPLICA_GROUPS_HPP

#include <cstddef>
#include <cstdint>
#include <initializer_list>
#include <type_traits>

#ifndef SXLA_MAX_REPLICAS
#define SXLA_MAX_REPLICAS 256
#endif

namespace sxla {

inline constexpr int max_replicas = SXLA_MAX_REPLICAS;
static_assert(max_replicas > 0, "sxla: SXLA_MAX_REPLICAS must be positive");

// Why a collective or a send/recv did not run (every replica of a call returns the same
// status for the first five; the value is then zero).
enum class collective_status {
  ok,
  bad_replica_groups,  // a replica id out of range, twice, or missing; more than SXLA_MAX_REPLICAS
  group_size_mismatch,  // a group's size is not the op's shard_count / split_count, or groups differ in size
  bad_pairs,           // source_target_pairs: an id out of range, or a source or target twice
  bad_peer,            // send/recv: the peer is not a replica, or is this replica
  bad_channel,         // a channel id the transport cannot carry (MPI: above MPI_TAG_UB, or negative)
  size_mismatch,       // replicas disagree on the operand's size (in-process communicator), or a
                       // message of another size arrived (recv)
  too_large,           // more elements than the transport counts in one call (MPI: INT_MAX)
  transport_error,     // the transport failed (an MPI error code other than success)
  not_initialized,     // MPI was not initialised (or was finalised) when the communicator was made
  bad_root,            // collective_reduce: the root's position is not in [0, group size)
  bad_offsets,         // ragged_all_to_all: an update's rows fall outside the input or the
                       // receiver's output (that update is not sent), or the offsets do
                       // not split evenly over the group
};

constexpr const char* to_string(collective_status s) noexcept {
  switch (s) {
    case collective_status::ok: return "ok";
    case collective_status::bad_replica_groups: return "bad_replica_groups";
    case collective_status::group_size_mismatch: return "group_size_mismatch";
    case collective_status::bad_pairs: return "bad_pairs";
    case collective_status::bad_peer: return "bad_peer";
    case collective_status::bad_channel: return "bad_channel";
    case collective_status::size_mismatch: return "size_mismatch";
    case collective_status::too_large: return "too_large";
    case collective_status::transport_error: return "transport_error";
    case collective_status::not_initialized: return "not_initialized";
    case collective_status::bad_root: return "bad_root";
    case collective_status::bad_offsets: return "bad_offsets";
  }
  return "?";
}

// XLA's channel_id: collectives with different channels never match each other (MPI: a
// communicator of their own; send/recv: the message tag).
struct channel_id {
  std::int64_t value = 0;
  friend constexpr bool operator==(channel_id, channel_id) noexcept = default;
};

// XLA's replica_groups: a partition of the replica ids 0..N-1 into ordered groups.
class replica_groups {
 public:
  constexpr replica_groups() noexcept = default;
  constexpr replica_groups(std::initializer_list<std::initializer_list<int>> groups) noexcept {
    for (const auto& g : groups) {
      if (group_count_ >= max_replicas) {
        overflow_ = true;
        break;
      }
      for (int id : g) {
        if (id_count_ >= max_replicas) {
          overflow_ = true;
          break;
        }
        ids_[id_count_++] = id;
      }
      ends_[group_count_++] = id_count_;
    }
  }

  // Appends a group (for groups computed at run time); false when it does not fit.
  constexpr bool add_group(const int* ids, int n) noexcept {
    if (group_count_ >= max_replicas || n < 0 || n > max_replicas - id_count_) {
      overflow_ = true;
      return false;
    }
    for (int i = 0; i < n; ++i) ids_[id_count_++] = ids[i];
    ends_[group_count_++] = id_count_;
    return true;
  }

  constexpr bool empty() const noexcept { return group_count_ == 0 && !overflow_; }
  constexpr int group_count() const noexcept { return group_count_; }
  constexpr int group_size(int g) const noexcept { return ends_[g] - begin(g); }
  constexpr int member(int g, int position) const noexcept { return ids_[begin(g) + position]; }
  constexpr bool overflowed() const noexcept { return overflow_; }

  friend constexpr bool operator==(const replica_groups& a, const replica_groups& b) noexcept {
    if (a.group_count_ != b.group_count_ || a.id_count_ != b.id_count_ || a.overflow_ != b.overflow_) return false;
    for (int i = 0; i < a.group_count_; ++i)
      if (a.ends_[i] != b.ends_[i]) return false;
    for (int i = 0; i < a.id_count_; ++i)
      if (a.ids_[i] != b.ids_[i]) return false;
    return true;
  }

 private:
  constexpr int begin(int g) const noexcept { return g == 0 ? 0 : ends_[g - 1]; }
  int ids_[max_replicas]{};
  int ends_[max_replicas]{};
  int id_count_ = 0;
  int group_count_ = 0;
  bool overflow_ = false;
};

// XLA's source_target_pairs of CollectivePermute.
class source_target_pairs {
 public:
  struct pair {
    int source;
    int target;
  };
  constexpr source_target_pairs() noexcept = default;
  constexpr source_target_pairs(std::initializer_list<pair> pairs) noexcept {
    for (const pair& p : pairs) add(p.source, p.target);
  }
  constexpr bool add(int source, int target) noexcept {
    if (count_ >= max_replicas) {
      overflow_ = true;
      return false;
    }
    pairs_[count_++] = {source, target};
    return true;
  }
  constexpr int size() const noexcept { return count_; }
  constexpr pair operator[](int i) const noexcept { return pairs_[i]; }
  constexpr bool overflowed() const noexcept { return overflow_; }

 private:
  pair pairs_[max_replicas]{};
  int count_ = 0;
  bool overflow_ = false;
};

// Where one replica stands in a set of groups: its group, its position there, the
// group's size (and every group's, when they are equal), and the first member (root).
struct group_place {
  collective_status status = collective_status::ok;
  int group = 0;
  int position = 0;
  int size = 0;
  bool equal_sizes = true;
};

// Resolves `me` among `groups` over `replicas` replicas (empty groups: one group, 0..N-1).
// Every id in [0, replicas) must appear exactly once.
constexpr group_place locate(const replica_groups& groups, int replicas, int me) noexcept {
  group_place p;
  if (replicas <= 0 || replicas > max_replicas || me < 0 || me >= replicas || groups.overflowed()) {
    p.status = collective_status::bad_replica_groups;
    return p;
  }
  if (groups.empty()) {
    p.position = me;
    p.size = replicas;
    return p;
  }
  bool seen[max_replicas]{};
  int total = 0;
  const int first_size = groups.group_size(0);
  for (int g = 0; g < groups.group_count(); ++g) {
    const int n = groups.group_size(g);
    if (n != first_size) p.equal_sizes = false;
    for (int i = 0; i < n; ++i) {
      const int id = groups.member(g, i);
      if (id < 0 || id >= replicas || seen[id]) {
        p.status = collective_status::bad_replica_groups;
        return p;
      }
      seen[id] = true;
      ++total;
      if (id == me) {
        p.group = g;
        p.position = i;
        p.size = n;
      }
    }
  }
  if (total != replicas) p.status = collective_status::bad_replica_groups;
  return p;
}

// The replica id of the member at `position` in `me`'s group.
constexpr int member_id(const replica_groups& groups, const group_place& p, int position) noexcept {
  return groups.empty() ? position : groups.member(p.group, position);
}

// Checks the pairs over `replicas` replicas: ids in range, no source and no target twice.
constexpr collective_status check_pairs(const source_target_pairs& pairs, int replicas) noexcept {
  if (pairs.overflowed() || replicas <= 0 || replicas > max_replicas) return collective_status::bad_pairs;
  bool source_seen[max_replicas]{};
  bool target_seen[max_replicas]{};
  for (int i = 0; i < pairs.size(); ++i) {
    const auto [s, t] = pairs[i];
    if (s < 0 || s >= replicas || t < 0 || t >= replicas || source_seen[s] || target_seen[t])
      return collective_status::bad_pairs;
    source_seen[s] = target_seen[t] = true;
  }
  return collective_status::ok;
}

// The target `me` sends to and the source it receives from (-1: none).
struct permute_place {
  int target = -1;
  int source = -1;
};
constexpr permute_place locate(const source_target_pairs& pairs, int me) noexcept {
  permute_place p;
  for (int i = 0; i < pairs.size(); ++i) {
    if (pairs[i].source == me) p.target = pairs[i].target;
    if (pairs[i].target == me) p.source = pairs[i].source;
  }
  return p;
}

}  // namespace sxla

#endif  // SXLA_DIST_REPLICA_GROUPS_HPP
