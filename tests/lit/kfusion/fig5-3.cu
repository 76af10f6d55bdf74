// Thesis Figs. 5.3 and 5.10: the motivating CFG. The copies into %a and
// %d1 come first (node 1-2); @k1 runs on the then-side of the first
// branch (node 4), @k2 after the join (node 6). A copy into %d3 on one side
// of the second branch (node 7) stops @k3 (node 9) from being hoisted;
// @k4 (node 11) runs on the then-side of the third branch.
//   BKF on @k2: hoisted to the exit of @k1's node and fused there
//   (@fused_k1_k2), with @k2 inserted on the else-side (node 5).
//   FKF on @k3: sunk to the entry of @k4's node and fused there
//   (@fused_k3_k4), with @k3 inserted on the edge that skips @k4
//   (node 10 -> 12, a critical edge, split for it).
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm --remarks=kfcm 2>&1 | FileCheck %s
// The output parses and verifies again.
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm | lockstep-opt | FileCheck %s --check-prefix=IR

// CHECK: remark: [kfcm] fused @k1 (line 92:5) and @k2 (line 96:3) into @fused_k1_k2 (every dependence is thread-local); @k2 (line 96:3) hoisted, with 1 compensation launch on other paths
// CHECK: remark: [kfcm] fused @k3 (line 102:3) and @k4 (line 104:5) into @fused_k3_k4 (every dependence is thread-local); @k3 (line 102:3) sunk, with 1 compensation launch on other paths
// CHECK-NOT: remark

// IR: device.kernel @fused_k1_k2(
// IR: device.kernel @fused_k3_k4(
// IR: func.func @main
// IR: host.memcpy host_to_device %[[A:[0-9]+]], %{{[0-9]+}}, %c1024_i64
// IR-NEXT: host.memcpy host_to_device %[[D1:[0-9]+]],
// IR-NEXT: arith.cmpi sgt
// IR-NEXT: cf.cond_br %{{.*}}, ^[[T1:bb[0-9]+]], ^[[E1:bb[0-9]+]]
// IR-NEXT: ^[[T1]]:
// IR-NEXT: host.launch @kernels::@fused_k1_k2 {{.*}} args(%[[D1]] : !device.ptr<global>, %[[A]] : !device.ptr<global>, %c256_i32 : i32, %[[D2:[0-9]+]] : !device.ptr<global>)
// IR-NEXT: cf.br ^[[J1:bb[0-9]+]]
// IR-NEXT: ^[[J1]]:
// IR-NEXT: arith.cmpi sgt
// IR-NEXT: cf.cond_br %{{.*}}, ^[[T2:bb[0-9]+]], ^[[E2:bb[0-9]+]]
// IR-NEXT: ^[[E1]]:
// IR-NEXT: host.printf "no k1
// IR-NEXT: host.launch @kernels::@k2 {{.*}} args(%[[D2]] : !device.ptr<global>, %[[A]] : !device.ptr<global>, %c256_i32 : i32)
// IR-NEXT: cf.br ^[[J1]]
// IR-NEXT: ^[[T2]]:
// IR-NEXT: host.memcpy host_to_device %[[D3:[0-9]+]],
// IR-NEXT: cf.br ^[[J2:bb[0-9]+]]
// IR-NEXT: ^[[J2]]:
// IR-NEXT: arith.cmpi sgt
// IR-NEXT: cf.cond_br %{{.*}}, ^[[T3:bb[0-9]+]], ^[[SPLIT:bb[0-9]+]]
// IR-NEXT: ^[[SPLIT]]:
// IR-NEXT: host.launch @kernels::@k3 {{.*}} args(%[[D3]] : !device.ptr<global>, %[[A]] : !device.ptr<global>, %c256_i32 : i32)
// IR-NEXT: cf.br ^[[J3:bb[0-9]+]]
// IR-NEXT: ^[[E2]]:
// IR-NEXT: host.printf "d3 kept
// IR-NEXT: cf.br ^[[J2]]
// IR-NEXT: ^[[T3]]:
// IR-NEXT: host.launch @kernels::@fused_k3_k4 {{.*}} args(%[[D3]] : !device.ptr<global>, %[[A]] : !device.ptr<global>, %c256_i32 : i32, %{{[0-9]+}} : !device.ptr<global>)
// IR-NEXT: cf.br ^[[J3]]
// IR-NEXT: ^[[J3]]:
// IR-NEXT: host.memcpy device_to_host

__global__ void k1(int *d1, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] + d1[i];
}

__global__ void k2(int *d2, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d2[i] = a[i] * 3;
}

__global__ void k3(int *d3, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] - d3[i];
}

__global__ void k4(int *d4, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d4[i] = a[i] ^ 5;
}

int main(int argc, char **argv) {
  int n = 256;
  int h[256];
  int *a, *d1, *d2, *d3, *d4;
  cudaMalloc((void **)&a, n * sizeof(int));
  cudaMalloc((void **)&d1, n * sizeof(int));
  cudaMalloc((void **)&d2, n * sizeof(int));
  cudaMalloc((void **)&d3, n * sizeof(int));
  cudaMalloc((void **)&d4, n * sizeof(int));
  for (int i = 0; i < n; i++)
    h[i] = i;
  cudaMemcpy(a, h, n * sizeof(int), cudaMemcpyHostToDevice);
  cudaMemcpy(d1, h, n * sizeof(int), cudaMemcpyHostToDevice);
  if (argc > 1) {
    k1<<<n / 64, 64>>>(d1, a, n);
  } else {
    printf("no k1\n");
  }
  k2<<<n / 64, 64>>>(d2, a, n);
  if (argc > 2) {
    cudaMemcpy(d3, h, n * sizeof(int), cudaMemcpyHostToDevice);
  } else {
    printf("d3 kept\n");
  }
  k3<<<n / 64, 64>>>(d3, a, n);
  if (argc > 3) {
    k4<<<n / 64, 64>>>(d4, a, n);
  }
  cudaMemcpy(h, a, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d\n", h[7]);
  return 0;
}
