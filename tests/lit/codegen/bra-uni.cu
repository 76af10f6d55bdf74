// A conditional branch becomes `bra.uni` only when the divergence analysis
// proves it uniform: conditions on blockIdx, blockDim and kernel parameters
// are uniform, conditions on threadIdx are not.
// RUN: lockstepc -O1 --emit=ptx %s | FileCheck %s

// CHECK-LABEL: .entry uniform_if(
// CHECK: mov.u32 {{.*}}%ctaid.x;
// CHECK: setp.{{[a-z]+}}.s32 [[P:%p[0-9]+]], %r{{[0-9]+}}, %r{{[0-9]+}};
// CHECK-NEXT: @{{!?}}[[P]] bra.uni
__global__ void uniform_if(int *out, int n) {
  if ((int)blockIdx.x < n)
    out[blockIdx.x] = 1;
}

// CHECK-LABEL: .entry divergent_if(
// CHECK: mov.u32 {{.*}}%tid.x;
// CHECK: setp.{{[a-z]+}}.s32 [[Q:%p[0-9]+]]
// CHECK-NEXT: @{{!?}}[[Q]] bra {{.*}}$L__BB
// CHECK-NOT: @{{!?}}%p{{[0-9]+}} bra.uni
// CHECK: ret;
__global__ void divergent_if(int *out, int n) {
  if ((int)threadIdx.x < n)
    out[threadIdx.x] = 1;
}

// A loop whose trip count depends only on a parameter has a uniform back
// edge; the thread-dependent early exit inside it is divergent.
// CHECK-LABEL: .entry loop_with_exit(
// CHECK-DAG: bra.uni
// CHECK-DAG: {{@!?%p[0-9]+}} bra {{.*}}$L__BB
// CHECK: ret;
__global__ void loop_with_exit(int *out, int n) {
  for (int i = 0; i < n; i++) {
    if (out[threadIdx.x] == i)
      break;
    out[threadIdx.x] += 1;
  }
}

int main() { return 0; }
