// A block-local dependence: @mirror writes each block's slice of %a in
// reverse, @consume reads it forwards, so a thread reads what another
// thread of its own block wrote. The fused kernel puts a block barrier at
// the seam. @mirror's early exit becomes a branch to the seam, so every
// thread of the block reaches the barrier.
// RUN: lockstepc %s -O1 --host-passes=canonicalize,cse,kfcm --remarks=kfcm 2>&1 | FileCheck %s

// CHECK: remark: [kfcm] fused @mirror (line {{[0-9]+}}:3) and @consume (line {{[0-9]+}}:3) into @fused_mirror_consume (a dependence is block-local, so a barrier sits at the seam)
// CHECK-LABEL: device.kernel @fused_mirror_consume(
// CHECK: device.store
// CHECK: cf.br ^[[SEAM:bb[0-9]+]]
// CHECK: ^[[SEAM]]:
// CHECK-NEXT: device.barrier
// CHECK-NOT: device.return
// CHECK: device.load
// CHECK: device.return
// CHECK-NEXT: }

__global__ void mirror(int *in, int *a, int n) {
  int base = blockIdx.x * blockDim.x;
  if (base + threadIdx.x >= n)
    return;
  a[base + blockDim.x - 1 - threadIdx.x] = in[base + threadIdx.x] + 1;
}

__global__ void consume(int *a, int *out, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    out[i] = a[i] * 2;
}

int main() {
  int n = 512;
  int *in, *a, *out;
  cudaMalloc((void **)&in, n * sizeof(int));
  cudaMalloc((void **)&a, n * sizeof(int));
  cudaMalloc((void **)&out, n * sizeof(int));
  mirror<<<n / 128, 128>>>(in, a, n);
  consume<<<n / 128, 128>>>(a, out, n);
  cudaDeviceSynchronize();
  return 0;
}
