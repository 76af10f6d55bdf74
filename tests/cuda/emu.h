// CPU emulation of the lockstep CUDA subset, for checking that the example
// programs compute what they claim (the `clang_peer::run::*` trials).
//
// The test harness rewrites an example's `k<<<cfg>>>(args);` launches into
// `lockstep_emu_launch(k, lockstep_emu_cfg(cfg), args);` and its
// `extern __shared__ T x[];` into a pointer to one dynamic buffer, then
// compiles it as plain C++ with this header force-included.
//
// Model: blocks run one after another; inside a block every CUDA thread is
// an OS thread, so `__syncthreads()` is a real barrier and races show up as
// wrong or unstable results. Barriers count only threads that have not
// returned (threads that exit early no longer hold the others back, as on
// the hardware). Warps are 32 consecutive linear thread ids; votes and
// shuffles exchange values through per-warp slots between two warp
// barriers. Shuffle `width` arguments are not supported (always 32).
// Static `__shared__` arrays become function-local statics, which is sound
// because blocks never overlap. Invariant: nothing here is needed by the
// clang peer check or by lockstepc; it is a test oracle only.
#ifndef LOCKSTEP_CUDA_EMU_H
#define LOCKSTEP_CUDA_EMU_H

#include <pthread.h>

#include <cmath>
#include <condition_variable>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <mutex>
#include <vector>

#define __host__
#define __device__
#define __global__
#define __shared__ static

struct dim3 {
  unsigned x, y, z;
  dim3(unsigned gx = 1, unsigned gy = 1, unsigned gz = 1) : x(gx), y(gy), z(gz) {}
};

struct lockstep_emu_idx {
  unsigned x, y, z;
};

static thread_local lockstep_emu_idx threadIdx;
static thread_local lockstep_emu_idx blockIdx;
static lockstep_emu_idx blockDim;
static lockstep_emu_idx gridDim;
static const int warpSize = 32;

// A reusable barrier whose party count shrinks when a thread leaves.
class lockstep_emu_barrier {
 public:
  void reset(int parties) {
    live_ = parties;
    waiting_ = 0;
  }
  void wait() {
    std::unique_lock<std::mutex> lock(m_);
    unsigned gen = generation_;
    if (++waiting_ >= live_) {
      release();
      return;
    }
    cv_.wait(lock, [&] { return generation_ != gen; });
  }
  void leave() {
    std::lock_guard<std::mutex> lock(m_);
    live_--;
    if (waiting_ > 0 && waiting_ >= live_) {
      release();
    }
  }

 private:
  void release() {
    waiting_ = 0;
    generation_++;
    cv_.notify_all();
  }
  std::mutex m_;
  std::condition_variable cv_;
  int live_ = 0;
  int waiting_ = 0;
  unsigned generation_ = 0;
};

#define LOCKSTEP_EMU_MAX_WARPS 32
static lockstep_emu_barrier lockstep_emu_block_barrier;
static lockstep_emu_barrier lockstep_emu_warp_barrier[LOCKSTEP_EMU_MAX_WARPS];
static unsigned long long lockstep_emu_slots[LOCKSTEP_EMU_MAX_WARPS][32];
static thread_local int lockstep_emu_lane;
static thread_local int lockstep_emu_warp;
alignas(16) static char lockstep_emu_dyn_shared[48 * 1024];

static void __syncthreads() { lockstep_emu_block_barrier.wait(); }

// ---- host runtime --------------------------------------------------------

typedef int cudaError_t;
enum cudaMemcpyKind {
  cudaMemcpyHostToHost,
  cudaMemcpyHostToDevice,
  cudaMemcpyDeviceToHost,
  cudaMemcpyDeviceToDevice
};

static cudaError_t cudaMalloc(void **p, size_t n) {
  *p = malloc(n ? n : 1);
  // Garbage, not zeros: a kernel that reads memory nobody wrote must not pass
  // by luck.
  memset(*p, 0xA5, n);
  return 0;
}
static cudaError_t cudaFree(void *p) {
  free(p);
  return 0;
}
static cudaError_t cudaMemcpy(void *d, const void *s, size_t n, cudaMemcpyKind) {
  memcpy(d, s, n);
  return 0;
}
static cudaError_t cudaDeviceSynchronize() { return 0; }

struct lockstep_emu_config {
  dim3 grid, block;
  size_t shmem;
};
static lockstep_emu_config lockstep_emu_cfg(dim3 g, dim3 b, size_t s = 0) {
  return lockstep_emu_config{g, b, s};
}

struct lockstep_emu_thread_arg {
  const std::function<void()> *body;
  unsigned linear;
  lockstep_emu_idx block;
};

static void *lockstep_emu_thread(void *p) {
  lockstep_emu_thread_arg *a = (lockstep_emu_thread_arg *)p;
  unsigned l = a->linear;
  threadIdx = lockstep_emu_idx{l % blockDim.x, l / blockDim.x % blockDim.y,
                               l / (blockDim.x * blockDim.y)};
  blockIdx = a->block;
  lockstep_emu_lane = (int)(l % 32);
  lockstep_emu_warp = (int)(l / 32);
  (*a->body)();
  lockstep_emu_warp_barrier[lockstep_emu_warp].leave();
  lockstep_emu_block_barrier.leave();
  return nullptr;
}

template <typename... P, typename... A>
static void lockstep_emu_launch(void (*kernel)(P...), lockstep_emu_config c, A... args) {
  unsigned threads = c.block.x * c.block.y * c.block.z;
  unsigned warps = (threads + 31) / 32;
  if (threads == 0 || warps > LOCKSTEP_EMU_MAX_WARPS ||
      c.shmem > sizeof(lockstep_emu_dyn_shared)) {
    fprintf(stderr, "emu: unsupported launch configuration\n");
    exit(3);
  }
  const std::function<void()> body = [=] { kernel(args...); };
  blockDim = lockstep_emu_idx{c.block.x, c.block.y, c.block.z};
  gridDim = lockstep_emu_idx{c.grid.x, c.grid.y, c.grid.z};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, 256 * 1024);
  std::vector<pthread_t> tids(threads);
  std::vector<lockstep_emu_thread_arg> targs(threads);
  for (unsigned bz = 0; bz < c.grid.z; bz++) {
    for (unsigned by = 0; by < c.grid.y; by++) {
      for (unsigned bx = 0; bx < c.grid.x; bx++) {
        lockstep_emu_block_barrier.reset((int)threads);
        for (unsigned w = 0; w < warps; w++) {
          unsigned left = threads - w * 32;
          lockstep_emu_warp_barrier[w].reset((int)(left < 32 ? left : 32));
        }
        for (unsigned t = 0; t < threads; t++) {
          targs[t] = lockstep_emu_thread_arg{&body, t, lockstep_emu_idx{bx, by, bz}};
          if (pthread_create(&tids[t], &attr, lockstep_emu_thread, &targs[t]) != 0) {
            fprintf(stderr, "emu: cannot start a thread\n");
            exit(3);
          }
        }
        for (unsigned t = 0; t < threads; t++) {
          pthread_join(tids[t], nullptr);
        }
      }
    }
  }
  pthread_attr_destroy(&attr);
}

// ---- warp-level operations ---------------------------------------------

template <typename T>
static T lockstep_emu_exchange(T v, int src_lane) {
  static_assert(sizeof(T) <= 8, "exchange of a value wider than 8 bytes");
  unsigned long long bits = 0;
  memcpy(&bits, &v, sizeof(T));
  lockstep_emu_slots[lockstep_emu_warp][lockstep_emu_lane] = bits;
  lockstep_emu_warp_barrier[lockstep_emu_warp].wait();
  unsigned long long got = lockstep_emu_slots[lockstep_emu_warp][src_lane & 31];
  lockstep_emu_warp_barrier[lockstep_emu_warp].wait();
  T r;
  memcpy(&r, &got, sizeof(T));
  return r;
}

template <typename T>
static T __shfl_sync(unsigned, T v, int src) {
  return lockstep_emu_exchange(v, src);
}
template <typename T>
static T __shfl_up_sync(unsigned, T v, unsigned delta) {
  int src = lockstep_emu_lane - (int)delta;
  return lockstep_emu_exchange(v, src < 0 ? lockstep_emu_lane : src);
}
template <typename T>
static T __shfl_down_sync(unsigned, T v, unsigned delta) {
  int src = lockstep_emu_lane + (int)delta;
  return lockstep_emu_exchange(v, src > 31 ? lockstep_emu_lane : src);
}
template <typename T>
static T __shfl_xor_sync(unsigned, T v, int mask) {
  return lockstep_emu_exchange(v, lockstep_emu_lane ^ mask);
}

static unsigned __ballot_sync(unsigned mask, int pred) {
  lockstep_emu_slots[lockstep_emu_warp][lockstep_emu_lane] = pred != 0;
  lockstep_emu_warp_barrier[lockstep_emu_warp].wait();
  unsigned r = 0;
  for (int l = 0; l < 32; l++) {
    if ((mask >> l & 1u) && lockstep_emu_slots[lockstep_emu_warp][l]) {
      r |= 1u << l;
    }
  }
  lockstep_emu_warp_barrier[lockstep_emu_warp].wait();
  return r;
}
static int __any_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) != 0; }
static int __all_sync(unsigned mask, int pred) { return __ballot_sync(mask, pred) == mask; }

// ---- atomics (sequentially consistent; return the old value) -------------

// Read-modify-write through compare-exchange; the generic builtin also
// takes float and double, which the fetch_* forms do not.
template <typename T, typename F>
static T lockstep_emu_rmw(T *p, F update) {
  T old;
  __atomic_load(p, &old, __ATOMIC_SEQ_CST);
  T desired = update(old);
  while (!__atomic_compare_exchange(p, &old, &desired, false, __ATOMIC_SEQ_CST,
                                    __ATOMIC_SEQ_CST)) {
    desired = update(old);
  }
  return old;
}

template <typename T, typename U>
static T atomicAdd(T *p, U v) {
  return lockstep_emu_rmw(p, [&](T old) { return (T)(old + (T)v); });
}
template <typename T, typename U>
static T atomicSub(T *p, U v) {
  return lockstep_emu_rmw(p, [&](T old) { return (T)(old - (T)v); });
}
template <typename T, typename U>
static T atomicExch(T *p, U v) {
  return lockstep_emu_rmw(p, [&](T) { return (T)v; });
}
template <typename T, typename U>
static T atomicMin(T *p, U v) {
  return lockstep_emu_rmw(p, [&](T old) { return (T)v < old ? (T)v : old; });
}
template <typename T, typename U>
static T atomicMax(T *p, U v) {
  return lockstep_emu_rmw(p, [&](T old) { return (T)v > old ? (T)v : old; });
}
template <typename T, typename U, typename V>
static T atomicCAS(T *p, U cmp, V v) {
  return lockstep_emu_rmw(p, [&](T old) { return old == (T)cmp ? (T)v : old; });
}
template <typename T, typename U>
static T atomicAnd(T *p, U v) {
  return __atomic_fetch_and(p, (T)v, __ATOMIC_SEQ_CST);
}
template <typename T, typename U>
static T atomicOr(T *p, U v) {
  return __atomic_fetch_or(p, (T)v, __ATOMIC_SEQ_CST);
}
template <typename T, typename U>
static T atomicXor(T *p, U v) {
  return __atomic_fetch_xor(p, (T)v, __ATOMIC_SEQ_CST);
}

// ---- min/max overloads as CUDA provides them -----------------------------

#define LOCKSTEP_EMU_MINMAX(T)                            \
  static T min(T a, T b) { return a < b ? a : b; }      \
  static T max(T a, T b) { return a < b ? b : a; }
LOCKSTEP_EMU_MINMAX(int)
LOCKSTEP_EMU_MINMAX(unsigned)
LOCKSTEP_EMU_MINMAX(long long)
LOCKSTEP_EMU_MINMAX(unsigned long long)
LOCKSTEP_EMU_MINMAX(float)
LOCKSTEP_EMU_MINMAX(double)
#undef LOCKSTEP_EMU_MINMAX

#endif  // LOCKSTEP_CUDA_EMU_H
