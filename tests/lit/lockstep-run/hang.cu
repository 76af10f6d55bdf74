// A kernel that never ends hits the launch's warp-instruction budget once,
// however many CTAs spin, at -O3 and at -O0: one fault (exit status 2) naming
// the PTX line, the loop's PTX lines and its source line, and the host launch.
// RUN: lockstep-run %s -O3 --max-warp-insts=1000000 > %t.out 2> %t.err; test $? -eq 2
// RUN: FileCheck %s --check-prefix=OUT < %t.out
// RUN: FileCheck %s --check-prefix=ERR < %t.err
// RUN: lockstep-run %s -O0 --max-warp-insts=1000000 > %t.out0 2> %t.err0; test $? -eq 2
// RUN: FileCheck %s --check-prefix=OUT < %t.out0
// RUN: FileCheck %s --check-prefix=ERR0 < %t.err0
// RUN: lockstep-run --help | FileCheck %s --check-prefix=HELP
// HELP: --max-warp-insts <N>
// OUT-NOT: {{.}}
// OUT: {{^}}launching{{$}}
// OUT-NOT: {{.}}
// ERR: device fault in kernel spin at PTX line [[L:[0-9]+]], CTA ({{[0-9]+}}, 0, 0), warp {{[0-9]+}}:
// ERR-SAME: the launch's budget of 1000000 warp instructions is exhausted (a hang?; raise it with SimConfig::max_warp_insts or lockstep-run --max-warp-insts=N);
// ERR-SAME: the warp is in the loop at PTX lines [[L]]-[[L]] of spin (source {{.*}}hang.cu:[[@LINE+9]])
// ERR-NOT: device fault
// At -O0 the loop spans several PTX lines.
// ERR0: device fault in kernel spin at PTX line {{[0-9]+}}, CTA ({{[0-9]+}}, 0, 0), warp {{[0-9]+}}:
// ERR0-SAME: the launch's budget of 1000000 warp instructions is exhausted
// ERR0-SAME: the warp is in the loop at PTX lines {{[0-9]+}}-{{[0-9]+}} of spin (source {{.*}}hang.cu:[[@LINE+4]])
// ERR0-NOT: device fault
#include <cstdio>
__global__ void spin(int *p) {
  while (p[0] == 0) {
  }
}

int main() {
  int *d;
  int zero = 0;
  cudaMalloc((void **)&d, sizeof(int));
  cudaMemcpy(d, &zero, sizeof(int), cudaMemcpyHostToDevice);
  printf("launching\n");
  // ERR: while running 'host.launch' at {{.*}}hang.cu:[[@LINE+3]]:3
  // ERR0: while running 'host.launch' at {{.*}}hang.cu:[[@LINE+2]]:3
  // ERR-NOT: device fault
  spin<<<32, 256>>>(d);
  // ERR0-NOT: device fault
  cudaDeviceSynchronize();
  printf("not reached\n");
  return 0;
}
