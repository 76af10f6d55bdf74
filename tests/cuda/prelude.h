// Prelude for compiling lockstep's example CUDA programs with clang 22 and no
// CUDA SDK (the `clang_peer` test passes it with `-include`).
//
// It supplies just what the lockstep CUDA subset uses: the execution-space
// qualifiers, dim3, the host runtime API (declared only: the peer check
// compiles, it never links or runs), the <<< >>> configuration hook, and the
// device builtins written over clang's NVVM builtins. Device-only helpers
// are `static __device__` so that unused ones emit nothing.
//
// Invariant: everything here is either a declaration, a macro, or an inline
// function; no example may depend on a behaviour that only this file gives
// (lockstepc implements the same names natively).
#ifndef LOCKSTEP_CUDA_PRELUDE_H
#define LOCKSTEP_CUDA_PRELUDE_H

#ifndef __CUDA__
#error "lockstep's CUDA prelude needs clang's CUDA mode (-x cuda)"
#endif

#define __host__ __attribute__((host))
#define __device__ __attribute__((device))
#define __global__ __attribute__((global))
#define __shared__ __attribute__((shared))
#define __constant__ __attribute__((constant))
#define __forceinline__ __inline__ __attribute__((always_inline))
// __restrict__ is a keyword alias clang already knows in C++ mode.

#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>

// ---- launch geometry ----------------------------------------------------

struct uint3 {
  unsigned x, y, z;
};

struct dim3 {
  unsigned x, y, z;
  __host__ __device__ dim3(unsigned gx = 1, unsigned gy = 1, unsigned gz = 1)
      : x(gx), y(gy), z(gz) {}
};

// threadIdx, blockIdx, blockDim, gridDim and warpSize.
#include "__clang_cuda_builtin_vars.h"

// ---- host runtime API (declarations only) -------------------------------

typedef int cudaError_t;
#define cudaSuccess 0
typedef struct lockstep_stream *cudaStream_t;

enum cudaMemcpyKind {
  cudaMemcpyHostToHost = 0,
  cudaMemcpyHostToDevice = 1,
  cudaMemcpyDeviceToHost = 2,
  cudaMemcpyDeviceToDevice = 3,
  cudaMemcpyDefault = 4
};

extern "C" {
cudaError_t cudaMalloc(void **ptr, size_t bytes);
cudaError_t cudaFree(void *ptr);
cudaError_t cudaMemcpy(void *dst, const void *src, size_t bytes,
                       cudaMemcpyKind kind);
cudaError_t cudaMemset(void *dst, int value, size_t bytes);
cudaError_t cudaDeviceSynchronize(void);
cudaError_t cudaGetLastError(void);
const char *cudaGetErrorString(cudaError_t err);

// clang lowers `k<<<g, b, s>>>(...)` to a call of one of these, depending on
// the CUDA version it believes it targets (without an SDK: the first).
cudaError_t cudaConfigureCall(dim3 grid, dim3 block, size_t shmem = 0,
                              cudaStream_t stream = 0);
unsigned __cudaPushCallConfiguration(dim3 grid, dim3 block, size_t shmem = 0,
                                     cudaStream_t stream = 0);
cudaError_t cudaLaunchKernel(const void *fn, dim3 grid, dim3 block,
                             void **args, size_t shmem, cudaStream_t stream);
}

// ---- math: host side uses the C library, device side NVVM ---------------

#ifdef __CUDA_ARCH__
#define LOCKSTEP_PICK(dev, host) dev
#else
#define LOCKSTEP_PICK(dev, host) host
#endif

#define LOCKSTEP_LOG2E_F 1.4426950408889634f
#define LOCKSTEP_LN2_F 0.6931471805599453f

static __host__ __device__ inline float sqrtf(float a) {
  return LOCKSTEP_PICK(__nvvm_sqrt_rn_f(a), __builtin_sqrtf(a));
}
static __host__ __device__ inline float rsqrtf(float a) {
  return LOCKSTEP_PICK(__nvvm_rsqrt_approx_f(a), 1.0f / __builtin_sqrtf(a));
}
static __host__ __device__ inline float fabsf(float a) {
  return LOCKSTEP_PICK(__nvvm_fabs_f(a), __builtin_fabsf(a));
}
static __host__ __device__ inline float fminf(float a, float b) {
  return LOCKSTEP_PICK(__nvvm_fmin_f(a, b), __builtin_fminf(a, b));
}
static __host__ __device__ inline float fmaxf(float a, float b) {
  return LOCKSTEP_PICK(__nvvm_fmax_f(a, b), __builtin_fmaxf(a, b));
}
static __host__ __device__ inline float floorf(float a) {
  return LOCKSTEP_PICK(__nvvm_floor_f(a), __builtin_floorf(a));
}
static __host__ __device__ inline float ceilf(float a) {
  return LOCKSTEP_PICK(__nvvm_ceil_f(a), __builtin_ceilf(a));
}
// Transcendentals on the device use the hardware approximations (ex2, lg2,
// sin, cos); the peer check compares compilation, not accuracy.
static __host__ __device__ inline float expf(float a) {
  return LOCKSTEP_PICK(__nvvm_ex2_approx_f(a * LOCKSTEP_LOG2E_F),
                       __builtin_expf(a));
}
static __host__ __device__ inline float logf(float a) {
  return LOCKSTEP_PICK(__nvvm_lg2_approx_f(a) * LOCKSTEP_LN2_F,
                       __builtin_logf(a));
}
static __host__ __device__ inline float sinf(float a) {
  return LOCKSTEP_PICK(__nvvm_sin_approx_f(a), __builtin_sinf(a));
}
static __host__ __device__ inline float cosf(float a) {
  return LOCKSTEP_PICK(__nvvm_cos_approx_f(a), __builtin_cosf(a));
}

static __host__ __device__ inline double sqrt(double a) {
  return LOCKSTEP_PICK(__nvvm_sqrt_rn_d(a), __builtin_sqrt(a));
}
static __host__ __device__ inline double rsqrt(double a) {
  return LOCKSTEP_PICK(__nvvm_rsqrt_approx_d(a), 1.0 / __builtin_sqrt(a));
}
static __host__ __device__ inline double fabs(double a) {
  return LOCKSTEP_PICK(__nvvm_fabs_d(a), __builtin_fabs(a));
}
static __host__ __device__ inline double fmin(double a, double b) {
  return LOCKSTEP_PICK(__nvvm_fmin_d(a, b), __builtin_fmin(a, b));
}
static __host__ __device__ inline double fmax(double a, double b) {
  return LOCKSTEP_PICK(__nvvm_fmax_d(a, b), __builtin_fmax(a, b));
}
static __host__ __device__ inline double floor(double a) {
  return LOCKSTEP_PICK(__nvvm_floor_d(a), __builtin_floor(a));
}
static __host__ __device__ inline double ceil(double a) {
  return LOCKSTEP_PICK(__nvvm_ceil_d(a), __builtin_ceil(a));
}
// No double-precision hardware approximations exist; go through float.
static __host__ __device__ inline double exp(double a) {
  return LOCKSTEP_PICK((double)expf((float)a), __builtin_exp(a));
}
static __host__ __device__ inline double log(double a) {
  return LOCKSTEP_PICK((double)logf((float)a), __builtin_log(a));
}
static __host__ __device__ inline double sin(double a) {
  return LOCKSTEP_PICK((double)sinf((float)a), __builtin_sin(a));
}
static __host__ __device__ inline double cos(double a) {
  return LOCKSTEP_PICK((double)cosf((float)a), __builtin_cos(a));
}

// Integer and floating min/max, overloaded as CUDA's headers do.
#define LOCKSTEP_MINMAX(T)                                                    \
  static __host__ __device__ inline T min(T a, T b) { return a < b ? a : b; } \
  static __host__ __device__ inline T max(T a, T b) { return a < b ? b : a; }
LOCKSTEP_MINMAX(int)
LOCKSTEP_MINMAX(unsigned)
LOCKSTEP_MINMAX(long long)
LOCKSTEP_MINMAX(unsigned long long)
static __host__ __device__ inline float min(float a, float b) { return fminf(a, b); }
static __host__ __device__ inline float max(float a, float b) { return fmaxf(a, b); }
static __host__ __device__ inline double min(double a, double b) { return fmin(a, b); }
static __host__ __device__ inline double max(double a, double b) { return fmax(a, b); }
#undef LOCKSTEP_MINMAX

// ---- device builtins ----------------------------------------------------
// __syncthreads() is a clang builtin in CUDA mode and needs no definition.

// Atomics on generic addresses (valid for global and shared memory). Each
// returns the old value, as CUDA's do.
static __device__ inline int atomicAdd(int *p, int v) { return __nvvm_atom_add_gen_i(p, v); }
static __device__ inline unsigned atomicAdd(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, (int)v);
}
static __device__ inline unsigned long long atomicAdd(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_add_gen_ll((long long *)p, (long long)v);
}
static __device__ inline float atomicAdd(float *p, float v) { return __nvvm_atom_add_gen_f(p, v); }
static __device__ inline double atomicAdd(double *p, double v) { return __nvvm_atom_add_gen_d(p, v); }

static __device__ inline int atomicSub(int *p, int v) { return __nvvm_atom_add_gen_i(p, -v); }
static __device__ inline unsigned atomicSub(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_add_gen_i((int *)p, -(int)v);
}

static __device__ inline int atomicExch(int *p, int v) { return __nvvm_atom_xchg_gen_i(p, v); }
static __device__ inline unsigned atomicExch(unsigned *p, unsigned v) {
  return (unsigned)__nvvm_atom_xchg_gen_i((int *)p, (int)v);
}
static __device__ inline unsigned long long atomicExch(unsigned long long *p, unsigned long long v) {
  return (unsigned long long)__nvvm_atom_xchg_gen_ll((long long *)p, (long long)v);
}
static __device__ inline float atomicExch(float *p, float v) {
  return __builtin_bit_cast(float, __nvvm_atom_xchg_gen_i((int *)p, __builtin_bit_cast(int, v)));
}

static __device__ inline int atomicMin(int *p, int v) { return __nvvm_atom_min_gen_i(p, v); }
static __device__ inline unsigned atomicMin(unsigned *p, unsigned v) { return __nvvm_atom_min_gen_ui(p, v); }
static __device__ inline long long atomicMin(long long *p, long long v) { return __nvvm_atom_min_gen_ll(p, v); }
static __device__ inline unsigned long long atomicMin(unsigned long long *p, unsigned long long v) {
  return __nvvm_atom_min_gen_ull(p, v);
}
static __device__ inline int atomicMax(int *p, int v) { return __nvvm_atom_max_gen_i(p, v); }
static __device__ inline unsigned atomicMax(unsigned *p, unsigned v) { return __nvvm_atom_max_gen_ui(p, v); }
static __device__ inline long long atomicMax(long long *p, long long v) { return __nvvm_atom_max_gen_ll(p, v); }
static __device__ inline unsigned long long atomicMax(unsigned long long *p, unsigned long long v) {
  return __nvvm_atom_max_gen_ull(p, v);
}

static __device__ inline int atomicCAS(int *p, int cmp, int v) { return __nvvm_atom_cas_gen_i(p, cmp, v); }
static __device__ inline unsigned atomicCAS(unsigned *p, unsigned cmp, unsigned v) {
  return (unsigned)__nvvm_atom_cas_gen_i((int *)p, (int)cmp, (int)v);
}
static __device__ inline unsigned long long atomicCAS(unsigned long long *p, unsigned long long cmp,
                                                      unsigned long long v) {
  return (unsigned long long)__nvvm_atom_cas_gen_ll((long long *)p, (long long)cmp, (long long)v);
}

#define LOCKSTEP_BITWISE_ATOMIC(Name, op)                                             \
  static __device__ inline int Name(int *p, int v) { return __nvvm_atom_##op##_gen_i(p, v); } \
  static __device__ inline unsigned Name(unsigned *p, unsigned v) {                         \
    return (unsigned)__nvvm_atom_##op##_gen_i((int *)p, (int)v);                           \
  }                                                                                         \
  static __device__ inline unsigned long long Name(unsigned long long *p, unsigned long long v) { \
    return (unsigned long long)__nvvm_atom_##op##_gen_ll((long long *)p, (long long)v);    \
  }
LOCKSTEP_BITWISE_ATOMIC(atomicAnd, and)
LOCKSTEP_BITWISE_ATOMIC(atomicOr, or)
LOCKSTEP_BITWISE_ATOMIC(atomicXor, xor)
#undef LOCKSTEP_BITWISE_ATOMIC

// Warp votes.
static __device__ inline unsigned __ballot_sync(unsigned mask, int pred) {
  return __nvvm_vote_ballot_sync(mask, pred != 0);
}
static __device__ inline int __any_sync(unsigned mask, int pred) {
  return __nvvm_vote_any_sync(mask, pred != 0);
}
static __device__ inline int __all_sync(unsigned mask, int pred) {
  return __nvvm_vote_all_sync(mask, pred != 0);
}

// Warp shuffles. PTX's `c` operand packs the segment mask ((32 - width) << 8)
// with the clamp lane: 31 for idx/down/bfly, 0 for up.
#define LOCKSTEP_SHFL_C(width, clamp) (((32 - (width)) << 8) | (clamp))
#define LOCKSTEP_SHUFFLE(Name, kind, OffT, clamp)                                     \
  static __device__ inline int Name(unsigned mask, int v, OffT o, int width = 32) {    \
    return __nvvm_shfl_sync_##kind##_i32(mask, v, (int)o, LOCKSTEP_SHFL_C(width, clamp)); \
  }                                                                                     \
  static __device__ inline unsigned Name(unsigned mask, unsigned v, OffT o, int width = 32) { \
    return (unsigned)__nvvm_shfl_sync_##kind##_i32(mask, (int)v, (int)o,              \
                                                     LOCKSTEP_SHFL_C(width, clamp));   \
  }                                                                                     \
  static __device__ inline float Name(unsigned mask, float v, OffT o, int width = 32) { \
    return __nvvm_shfl_sync_##kind##_f32(mask, v, (int)o, LOCKSTEP_SHFL_C(width, clamp)); \
  }                                                                                     \
  static __device__ inline long long Name(unsigned mask, long long v, OffT o, int width = 32) { \
    unsigned lo = (unsigned)(unsigned long long)v;                                      \
    unsigned hi = (unsigned)((unsigned long long)v >> 32);                              \
    lo = Name(mask, lo, o, width);                                                      \
    hi = Name(mask, hi, o, width);                                                      \
    return (long long)(((unsigned long long)hi << 32) | lo);                           \
  }                                                                                     \
  static __device__ inline unsigned long long Name(unsigned mask, unsigned long long v, OffT o, \
                                                   int width = 32) {                    \
    return (unsigned long long)Name(mask, (long long)v, o, width);                     \
  }                                                                                     \
  static __device__ inline double Name(unsigned mask, double v, OffT o, int width = 32) { \
    return __builtin_bit_cast(double, Name(mask, __builtin_bit_cast(long long, v), o, width)); \
  }
LOCKSTEP_SHUFFLE(__shfl_sync, idx, int, 0x1f)
LOCKSTEP_SHUFFLE(__shfl_up_sync, up, unsigned, 0)
LOCKSTEP_SHUFFLE(__shfl_down_sync, down, unsigned, 0x1f)
LOCKSTEP_SHUFFLE(__shfl_xor_sync, bfly, int, 0x1f)
#undef LOCKSTEP_SHUFFLE
#undef LOCKSTEP_SHFL_C

#undef LOCKSTEP_PICK

#endif // LOCKSTEP_CUDA_PRELUDE_H
