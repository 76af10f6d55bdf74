// The host side: C launch glue on the CUDA driver API (source and header),
// Rust glue on cudarc, and the host program as C calling the C glue.
// RUN: lockstepc -O1 --emit=glue-c %s -o %t_glue.c
// RUN: FileCheck %s --check-prefix=HDR < %t_glue.h
// RUN: FileCheck %s --check-prefix=SRC < %t_glue.c
// RUN: lockstepc -O1 --emit=glue-rust %s | FileCheck %s --check-prefix=RUST
// RUN: lockstepc -O1 --emit=host-c %s -o %t.c
// RUN: FileCheck %s --check-prefix=HOST < %t.c

// HDR: #include <cuda.h>
// HDR: CUresult lockstep_launch_axpy(CUstream stream, lockstep_dim3 grid, lockstep_dim3 block,
// HDR-NEXT: unsigned int shmem_bytes, CUdeviceptr arg0, float arg1, int32_t arg2, int8_t arg3);

// SRC: .entry axpy(
// SRC: .param .u8 axpy_param_3
// SRC: cuModuleLoadData
// SRC: void *params[] = {&arg0, &arg1, &arg2, &arg3};
// SRC: cuLaunchKernel

// RUST: pub const PTX: &str
// RUST: pub unsafe fn launch_axpy(
__global__ void axpy(float *y, float a, int n, char flag) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n && flag)
    y[i] = a * y[i];
}

// HOST: #include "{{.*}}_glue.h"
// HOST: int main(
// HOST: lockstep_device_alloc(
// HOST: lockstep_launch_axpy(NULL,
int main() {
  float *d;
  cudaMalloc((void **)&d, 64 * sizeof(float));
  axpy<<<1, 64>>>(d, 2.0f, 64, 1);
  cudaDeviceSynchronize();
  cudaFree(d);
  return 0;
}
