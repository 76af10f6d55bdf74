// At -O1 and above, __device__ helpers are inlined into their callers
// (kernels and other helpers) before the per-function passes run; -O0
// keeps the calls. The helpers are private (a .cu file is the whole device
// program), so once inlined they are gone, from the IR and from the PTX.
// RUN: lockstepc %s | FileCheck %s --check-prefix=O0
// RUN: lockstepc -O1 %s | FileCheck %s --check-prefix=O1
// RUN: lockstepc -O3 %s | FileCheck %s --check-prefix=O1
// RUN: lockstepc -O1 %s | lockstep-opt > /dev/null
// RUN: lockstepc -O0 --emit=ptx %s | FileCheck %s --check-prefix=PTX0
// RUN: lockstepc -O2 --emit=ptx %s | FileCheck %s --check-prefix=PTX2

// O0-LABEL: device.func private @scale(
// O1-NOT: device.func
__device__ float scale(float v, float s) { return v * s; }

// A helper with control flow (several returns) that calls another helper.
// O0-LABEL: device.func private @clamp_scaled(
// O0:         device.call @scale(
__device__ float clamp_scaled(float v, float lo, float hi) {
  float x = scale(v, 2.0f);
  if (x < lo) {
    return lo;
  }
  if (x > hi) {
    return hi;
  }
  return x;
}

// O0-LABEL: device.kernel @saxpy_clamped(
// O0:         device.call @scale(
// O0:         device.call @clamp_scaled(
// O0:         device.return
// O1-LABEL: device.kernel @saxpy_clamped(
// O1-NOT:     device.call
// O1:         device.thread_id x
// O1:         arith.mulf
// O1:         arith.cmpf olt
// O1:         device.store
// O1-NOT:     device.call
// O1:         device.return
__global__ void saxpy_clamped(float *y, const float *x, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    y[i] = clamp_scaled(scale(x[i], a) + y[i], -1.0f, 1.0f);
  }
}

// O1-NOT: device.call

// PTX0: .func {{.*}}scale(
// PTX0: call.uni
// PTX2-NOT: .func
// PTX2-NOT: call.uni
// PTX2: .visible .entry saxpy_clamped(
// PTX2-NOT: call.uni

int main() { return 0; }
