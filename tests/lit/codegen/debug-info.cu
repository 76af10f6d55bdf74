// -g writes .file and a .loc before each instruction whose source position
// changes, so NVIDIA's tools map SASS back to these lines.
// RUN: lockstepc -O1 -g --emit=ptx %s | FileCheck %s
// RUN: lockstepc -O1 --emit=ptx %s | FileCheck %s --check-prefix=NODEBUG

// CHECK: .file 1 "{{.*}}debug-info.cu"
// CHECK-LABEL: .entry scale(
// CHECK: .loc 1 [[@LINE+3]] {{[0-9]+}}
// CHECK-NEXT: mov.u32 {{.*}}%tid.x;
__global__ void scale(float *x, float a) {
  int i = threadIdx.x;
  // CHECK: .loc 1 [[@LINE+2]] {{[0-9]+}}
  // CHECK: mul.rn.f32
  x[i] = x[i] * a;
}
// NODEBUG-NOT: .loc
// NODEBUG-NOT: .file

int main() { return 0; }
