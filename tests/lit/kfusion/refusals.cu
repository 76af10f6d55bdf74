// Launches that must not be fused, each refused with its reason. The
// segments are separated by synchronizations, which no launch crosses.
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm --remarks=kfcm -o %t.mlir 2>&1 | FileCheck %s
// RUN: FileCheck %s --check-prefix=IR < %t.mlir
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kf-trad --remarks=kf-trad -o /dev/null 2>&1 | FileCheck %s --check-prefix=TRAD

// IR-NOT: fused_

// 1. Grid-wide (lines 56-57): @shift reads its right neighbour's element of
//    %a, which another block's @produce thread may not have written yet.

// 2. Different launch dimensions (lines 59-60).

// 3. A host write between the launches, into a buffer both use (62-64).

// 4. A buffer of the first launch freed in between; the second takes a
//    buffer allocated after that (66-69).
// CHECK: remark: [kfcm] not fused: @produce (line 56:3) could be sunk to @shift (line 57:3), but dependence on %arg0 of @produce (%arg0 of @shift) is grid-wide (index bid*bdim+tid; {{.*}}, bid*bdim+tid+1; {{.*}})
// CHECK: remark: [kfcm] not fused: @shift (line 57:3) could be hoisted to @produce (line 56:3), but dependence on %arg0 of @produce (%arg0 of @shift) is grid-wide
// CHECK: remark: [kfcm] not fused: @produce (line 59:3) could be sunk to @scale (line 60:3), but different launch dimensions
// CHECK: remark: [kfcm] not fused: @scale (line 60:3) could be hoisted to @produce (line 59:3), but different launch dimensions
// CHECK: remark: [kfcm] not fused: @scale (line 64:3) cannot be hoisted to @produce (line 62:3): a host copy touches a buffer it uses (line 63:3); @produce (line 62:3) cannot be sunk to it: a host copy touches a buffer it uses (line 63:3)
// CHECK: remark: [kfcm] not fused: @scale (line 69:3) cannot be hoisted to @produce (line 66:3): 'host.device_alloc' defines one of its operands (line 68:3); @produce (line 66:3) cannot be sunk to it: a buffer it uses is freed in between (line 67:3)
// TRAD: remark: [kf-trad] not fused: @produce (line 56:3) and @shift (line 57:3): dependence on %arg0 of @produce (%arg0 of @shift) is grid-wide
// TRAD: remark: [kf-trad] not fused: @produce (line 59:3) and @scale (line 60:3): different launch dimensions
// TRAD: remark: [kf-trad] not fused: @produce (line 62:3) and @scale (line 64:3) are not adjacent: a host copy touches a buffer it uses (line 63:3)
// TRAD: remark: [kf-trad] not fused: @produce (line 66:3) and @scale (line 69:3) are not adjacent: 'host.device_alloc' defines one of its operands (line 68:3)
// CHECK-NOT: remark: [kfcm] fused
// TRAD-NOT: remark: [kf-trad] fused

__global__ void produce(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = i * 7;
}

__global__ void shift(int *a, int *b, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i + 1 < n)
    b[i] = a[i + 1];
}

__global__ void scale(int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] * 3;
}

int main() {
  int n = 256;
  int h[256];
  int *a, *b, *t;
  cudaMalloc((void **)&a, n * sizeof(int));
  cudaMalloc((void **)&b, n * sizeof(int));
  cudaMalloc((void **)&t, n * sizeof(int));
  produce<<<n / 64, 64>>>(a, n);
  shift<<<n / 64, 64>>>(a, b, n);
  cudaDeviceSynchronize();
  produce<<<n / 64, 64>>>(a, n);
  scale<<<n / 128, 128>>>(a, n);
  cudaDeviceSynchronize();
  produce<<<n / 64, 64>>>(a, n);
  cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice);
  scale<<<n / 64, 64>>>(a, n);
  cudaDeviceSynchronize();
  produce<<<n / 64, 64>>>(t, n);
  cudaFree(t);
  cudaMalloc((void **)&t, n * sizeof(int));
  scale<<<n / 64, 64>>>(t, n);
  cudaDeviceSynchronize();
  return 0;
}
