// Thesis Fig. 5.2: @k1 runs only on the then-side, @k2 after the join.
// Traditional fusion cannot fuse them; KFCM hoists @k2 into both sides,
// fuses it with @k1 on the then-side and leaves it as compensation code on
// the else-side. Each @k2 thread reads the element its own @k1 thread
// wrote, so no barrier is needed.
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm --remarks=kfcm 2>&1 | FileCheck %s
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kf-trad --remarks=kf-trad 2>&1 | FileCheck %s --check-prefix=TRAD

// CHECK: fig5-2.cu:68:5: remark: [kfcm] fused @k1 (line 68:5) and @k2 (line 72:3) into @fused_k1_k2 (every dependence is thread-local); @k2 (line 72:3) hoisted, with 1 compensation launch on other paths
// CHECK-NOT: remark
// The fused kernel takes @k1's parameters, then @k2's new ones (%a and %n
// are shared): the launch passes d1, a, n, d2. The three buffers are
// distinct allocations, which the host proves, so they are restrict.
// CHECK: device.kernel @fused_k1_k2(%arg0: !device.ptr<global> {device.restrict}, %arg1: !device.ptr<global> {device.restrict}, %arg2: i32, %arg3: !device.ptr<global> {device.restrict})
// The second part's `if (i < n)` is the first part's test again: both
// parts run under one test, and @k2's reload of a[i] is @k1's stored value.
// The host never reads %a again, so @k1's store to it goes too.
// CHECK-NOT: device.barrier
// CHECK: %[[C:[0-9]+]] = arith.cmpi slt
// CHECK-NEXT: cf.cond_br %[[C]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK: ^[[BODY]]:
// CHECK: %[[X:[0-9]+]] = device.load
// CHECK-NEXT: %[[V:[0-9]+]] = arith.muli %[[X]]
// CHECK-NEXT: %[[P:[0-9]+]] = device.ptradd %arg3
// CHECK-NEXT: %[[W:[0-9]+]] = arith.addi %[[V]]
// CHECK-NEXT: device.store %[[W]], %[[P]]
// CHECK-NEXT: cf.br ^[[EXIT]]
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: device.return
// CHECK: func.func @main
// CHECK: %[[D1:[0-9]+]] = host.device_alloc
// CHECK: %[[D2:[0-9]+]] = host.device_alloc
// CHECK: %[[A:[0-9]+]] = host.device_alloc
// CHECK: cf.cond_br %{{.*}}, ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// CHECK: ^[[THEN]]:
// CHECK-NEXT: host.launch @kernels::@fused_k1_k2 {{.*}} args(%[[D1]] : !device.ptr<global>, %[[A]] : !device.ptr<global>, %c256_i32 : i32, %[[D2]] : !device.ptr<global>)
// CHECK-NEXT: cf.br ^[[JOIN:bb[0-9]+]]
// CHECK: ^[[JOIN]]:
// CHECK-NEXT: host.synchronize
// CHECK-NEXT: host.memcpy device_to_host
// CHECK: ^[[ELSE]]:
// CHECK-NEXT: host.printf
// CHECK-NEXT: host.launch @kernels::@k2 {{.*}} args(%[[D2]] : !device.ptr<global>, %[[A]] : !device.ptr<global>, %c256_i32 : i32)
// CHECK-NEXT: cf.br ^[[JOIN]]

// TRAD-NOT: remark
// TRAD-NOT: fused_

__global__ void k1(int *d1, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    a[i] = d1[i] * 2;
}

__global__ void k2(int *d2, int *a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    d2[i] = a[i] + 1;
}

int main(int argc, char **argv) {
  int n = 256;
  int *d1, *d2, *a;
  cudaMalloc((void **)&d1, n * sizeof(int));
  cudaMalloc((void **)&d2, n * sizeof(int));
  cudaMalloc((void **)&a, n * sizeof(int));
  if (argc > 1) {
    k1<<<n / 64, 64>>>(d1, a, n);
  } else {
    printf("skip\n");
  }
  k2<<<n / 64, 64>>>(d2, a, n);
  cudaDeviceSynchronize();
  int h[256];
  cudaMemcpy(h, d2, n * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d\n", h[3]);
  return 0;
}
