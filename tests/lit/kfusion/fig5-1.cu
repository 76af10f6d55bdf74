// Thesis Fig. 5.1: after fusion, @kernel2's load of out1[threadIdx.x] reads
// what the same thread of @kernel1 just stored, so it becomes the stored
// value (`t = rlt1`). The host frees d_out1 right after, so nothing reads
// it again and the store goes too: the fused kernel touches only in and
// out2. The glue launches the fused kernel by its name.
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm --remarks=kfcm 2>&1 | FileCheck %s
// RUN: lockstepc %s -O2 --emit=glue-c | FileCheck %s --check-prefix=GLUE

// CHECK: remark: [kfcm] fused @kernel1 (line {{[0-9]+}}:3) and @kernel2 (line {{[0-9]+}}:3) into @fused_kernel1_kernel2 (every dependence is thread-local){{$}}
// CHECK-LABEL: device.kernel @fused_kernel1_kernel2(
// CHECK-SAME: %[[IN:arg[0-9]+]]: !device.ptr<global> {device.restrict}, %[[OUT1:arg[0-9]+]]: !device.ptr<global> {device.restrict}, %[[OUT2:arg[0-9]+]]: !device.ptr<global> {device.restrict})
// CHECK: %[[X:[0-9]+]] = device.load %{{[0-9]+}} : !device.ptr<global> -> i32
// CHECK-NEXT: %[[RLT1:[0-9]+]] = arith.muli %[[X]], %{{.*}} : i32
// CHECK-NOT: device.load
// CHECK-NOT: device.ptradd %[[OUT1]]
// CHECK: %[[T:[0-9]+]] = arith.addi %[[RLT1]], %{{.*}} : i32
// CHECK-NEXT: device.store %[[T]], %{{[0-9]+}} : i32, !device.ptr<global>
// CHECK-NEXT: device.return
// CHECK: func.func @main
// CHECK: host.launch @kernels::@fused_kernel1_kernel2
// CHECK-NOT: host.launch
// CHECK: host.device_free

// GLUE: "fused_kernel1_kernel2"

__global__ void kernel1(int *in, int *out1) {
  int rlt1 = in[threadIdx.x] * 3;
  out1[threadIdx.x] = rlt1;
}

__global__ void kernel2(int *out1, int *out2) {
  int t = out1[threadIdx.x];
  out2[threadIdx.x] = t + 1;
}

int main() {
  int h[128];
  int *d_in, *d_out1, *d_out2;
  cudaMalloc((void **)&d_in, 128 * sizeof(int));
  cudaMalloc((void **)&d_out1, 128 * sizeof(int));
  cudaMalloc((void **)&d_out2, 128 * sizeof(int));
  for (int i = 0; i < 128; i++)
    h[i] = i;
  cudaMemcpy(d_in, h, 128 * sizeof(int), cudaMemcpyHostToDevice);
  kernel1<<<1, 128>>>(d_in, d_out1);
  kernel2<<<1, 128>>>(d_out1, d_out2);
  cudaFree(d_out1);
  cudaMemcpy(h, d_out2, 128 * sizeof(int), cudaMemcpyDeviceToHost);
  printf("%d\n", h[5]);
  return 0;
}
