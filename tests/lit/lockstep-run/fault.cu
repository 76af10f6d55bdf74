// A kernel that writes past its allocation is a simulated fault: exit
// status 2, a report naming the kernel, PTX line, CTA, warp and lane, and
// the host launch; what the program printed before stays on stdout.
// RUN: lockstep-run %s > %t.out 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
#include <cstdio>

__global__ void poke(int *p, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  p[i + n] = i;
}

int main() {
  int *d;
  cudaMalloc((void **)&d, 64 * sizeof(int));
  // OUT: launching
  // OUT-NOT: not reached
  printf("launching\n");
  // ERR: device fault in kernel poke at PTX line {{[0-9]+}}, CTA (0, 0, 0), warp 0, lane 0: {{.*}}out of bounds
  // ERR-NEXT: while running 'host.launch' at {{.*}}fault.cu:[[@LINE+1]]:3
  poke<<<1, 64>>>(d, 64);
  cudaDeviceSynchronize();
  printf("not reached\n");
  return 0;
}
