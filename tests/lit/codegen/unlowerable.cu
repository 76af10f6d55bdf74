// What the PTX lowering cannot handle is a located error naming the op.
// RUN: not lockstepc --emit=ptx %s 2>&1 | FileCheck %s

__global__ void k(double *out) {
  // CHECK: unlowerable.cu:[[@LINE+3]]:22: error: cannot lower 'math.sin' to PTX: f64 transcendental
  // CHECK-NEXT: out[threadIdx.x] = sin(out[threadIdx.x]);
  // CHECK-NEXT: {{^ *\^$}}
  out[threadIdx.x] = sin(out[threadIdx.x]);
}

int main() { return 0; }
