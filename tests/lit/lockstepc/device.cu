// Device code: special registers, address spaces, shared memory, atomics,
// warp operations, math, device calls with generic pointers.
// RUN: lockstepc %s | FileCheck %s
// RUN: lockstepc %s | lockstep-opt > /dev/null

// CHECK: device.module @kernels {
// CHECK-DAG: device.shared @k_tile[1024] align 4
// CHECK-LABEL: device.func private @first(%arg0: !device.ptr<generic>) -> f32
// CHECK: device.load %{{.*}} : !device.ptr<generic> -> f32
__device__ float first(const float *p) { return p[0]; }

// CHECK-LABEL: device.kernel @k(%arg0: !device.ptr<global>, %arg1: !device.ptr<global>, %arg2: i32)
__global__ void k(float *out, int *hist, int n) {
  // CHECK-DAG: device.alloca 16 align 4 : !device.ptr<local>
  // CHECK-DAG: device.addressof @k_tile : !device.ptr<shared>
  __shared__ float tile[256];
  // CHECK-DAG: device.dynamic_shared : !device.ptr<shared>
  extern __shared__ int dyn[];
  int local[4];
  // CHECK: device.thread_id x : i32
  unsigned t = threadIdx.x;
  // CHECK: device.block_dim y : i32
  local[t % 4] = blockDim.y;
  // CHECK: device.ptradd %{{.*}}, %{{.*}} : !device.ptr<shared>, i64
  // CHECK: device.store %{{.*}}, %{{.*}} : f32, !device.ptr<shared>
  tile[t] = (float)t;
  // CHECK: device.barrier
  __syncthreads();
  // CHECK: device.addrspace_cast %{{.*}} : !device.ptr<shared> to !device.ptr<generic>
  // CHECK: device.call @first
  float v = first(tile);
  // CHECK: device.atomic add %{{.*}}, %{{.*}} : !device.ptr<global>, i32
  atomicAdd(&hist[t % 16], 1);
  // CHECK: device.atomic umax
  atomicMax((unsigned *)hist, t);
  // CHECK: device.atomic_cas
  atomicCAS(hist, 0, 1);
  // CHECK: device.shuffle xor
  v += __shfl_xor_sync(0xffffffff, v, 1);
  // CHECK: device.vote any
  if (__any_sync(0xffffffff, v > 0.0f)) dyn[0] = 1;
  // CHECK: math.sqrt %{{.*}} : f32
  // CHECK: arith.maxnumf
  // CHECK: arith.minsi
  out[t] = sqrtf(v) + fmaxf(v, 0.0f) + min(n, 4);
  // CHECK: device.warp_size : i32
  out[0] = warpSize;
}
