// Thesis Fig. 5.14: a second-order effect. Neither phase alone fuses
// anything: @k2 cannot be hoisted to @k1 because the copy into %d2 on the
// then-side writes a buffer @k2 reads, and @k1 cannot be sunk to @k2
// because the else-side does not launch it. FKF first sinks @k1 below the
// copy (it does not touch @k1's buffers); in the next round BKF hoists @k2
// to it, fuses them, and leaves @k2 alone on the else-side.
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm --remarks=kfcm 2>&1 | FileCheck %s
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kf-trad 2>&1 | FileCheck %s --check-prefix=TRAD

// CHECK: remark: [kfcm] @k1 (line 54:5) sunk to 1 later point (nothing fused yet)
// CHECK: remark: [kfcm] fused @k1 (line 54:5) and @k2 (line 59:3) into @fused_k1_k2 (every dependence is thread-local); @k2 (line 59:3) hoisted, with 1 compensation launch on other paths
// CHECK-NOT: remark: [kfcm] fused
// CHECK: device.kernel @fused_k1_k2(
// CHECK: func.func @main
// CHECK: arith.cmpi sgt, %arg0
// CHECK-NEXT: cf.cond_br %{{.*}}, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// CHECK: ^[[THEN]]:
// CHECK-NEXT: host.memcpy host_to_device
// CHECK-NEXT: host.launch @kernels::@fused_k1_k2
// CHECK-NOT: host.launch
// CHECK: ^[[ELSE]]:
// CHECK-NEXT: host.printf
// CHECK-NEXT: host.launch @kernels::@k2
// CHECK-NOT: host.launch

// kf-trad sees no adjacent launches and changes nothing.
// TRAD-NOT: fused_
// TRAD: host.launch @kernels::@k1
// TRAD: host.launch @kernels::@k2
// TRAD-NOT: fused_

__global__ void k1(int *d1, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = d1[i] * 2;
}

__global__ void k2(int *d2, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = a[i] + d2[i];
}

int main(int argc, char **argv) {
  int n = 256;
  int h[256];
  int *d1, *d2, *a;
  cudaMalloc((void **)&d1, n * sizeof(int));
  cudaMalloc((void **)&d2, n * sizeof(int));
  cudaMalloc((void **)&a, n * sizeof(int));
  for (int i = 0; i < n; i++)
    h[i] = i;
  if (argc > 1) {
    k1<<<n / 64, 64>>>(d1, a, n);
    cudaMemcpy(d2, h, n * sizeof(int), cudaMemcpyHostToDevice);
  } else {
    printf("skip\n");
  }
  k2<<<n / 64, 64>>>(d2, a, n);
  cudaDeviceSynchronize();
  return 0;
}
