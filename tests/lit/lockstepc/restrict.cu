// `__restrict__` (and `__restrict`, `restrict`) on the outermost `*` of a
// kernel or device-function pointer parameter becomes the argument
// attribute `device.restrict`, which code motion's alias analysis reads.
// It survives lockstep-opt in the custom and the generic form, and -O3 PTX
// (after inlining and lowering drop it) still compiles.
// RUN: lockstepc %s | FileCheck %s
// RUN: lockstepc %s | lockstep-opt | FileCheck %s
// RUN: lockstepc %s | lockstep-opt --print-op-generic | lockstep-opt | FileCheck %s
// RUN: lockstepc %s | lockstep-opt --print-op-generic | FileCheck %s --check-prefix=GENERIC
// RUN: lockstepc -O3 --emit=ptx %s | FileCheck %s --check-prefix=PTX

// A device function: generic pointers, every spelling of the qualifier.
// CHECK-LABEL: device.func private @dot(%arg0: !device.ptr<generic> {device.restrict}, %arg1: !device.ptr<generic> {device.restrict}, %arg2: !device.ptr<generic>, %arg3: i32) -> f32 {
// GENERIC-LABEL: "device.func"() <{arg_attrs = [{device.restrict}, {device.restrict}, {}, {}], function_type = (!device.ptr<generic>, !device.ptr<generic>, !device.ptr<generic>, i32) -> f32, sym_name = "dot", sym_visibility = "private"}>
__device__ float dot(const float *__restrict p, const float *restrict q, float *r, int n) {
  float s = 0.0f;
  for (int i = 0; i < n; i++)
    s += p[i] * q[i];
  return s + r[0];
}

// A host-device function: only its device version is annotated.
// CHECK-LABEL: device.func private @first(%arg0: !device.ptr<generic> {device.restrict}) -> f32 {
// GENERIC-LABEL: "device.func"() <{arg_attrs = [{device.restrict}], function_type = (!device.ptr<generic>) -> f32, sym_name = "first", sym_visibility = "private"}>
__host__ __device__ float first(const float *__restrict__ p) { return p[0]; }

// A kernel: only parameters that are themselves restrict pointers. `b` is a
// pointer to restrict pointers, `c` has restrict on an inner `*`, `d` on
// the pointee (as C, the qualifier applies to what it follows), `e` is an
// array parameter: none of them is marked.
// CHECK-LABEL: device.kernel @k(%arg0: !device.ptr<global> {device.restrict}, %arg1: !device.ptr<global>, %arg2: !device.ptr<global>, %arg3: !device.ptr<global>, %arg4: !device.ptr<global>, %arg5: i32, %arg6: !device.ptr<global> {device.restrict}) {
// GENERIC-LABEL: "device.kernel"() <{arg_attrs = [{device.restrict}, {}, {}, {}, {}, {}, {device.restrict}], function_type = (!device.ptr<global>, !device.ptr<global>, !device.ptr<global>, !device.ptr<global>, !device.ptr<global>, i32, !device.ptr<global>) -> (), sym_name = "k"}>
__global__ void k(float *__restrict__ out, float *__restrict__ *b, float *__restrict__ *c[],
                  __restrict__ float *d, float e[], int n, const float *__restrict__ x) {
  out[0] = dot(x, x, out, n) + first(x) + d[0] + e[0] + *b[0] + *c[0][0];
}

// Without restrict parameters a kernel has no argument attributes.
// CHECK-LABEL: device.kernel @plain(%arg0: !device.ptr<global>, %arg1: i32) {
// GENERIC-LABEL: "device.kernel"() <{function_type = (!device.ptr<global>, i32) -> (), sym_name = "plain"}>
__global__ void plain(float *out, int n) { out[n] = first(out); }

// Host functions never get argument attributes.
// CHECK-LABEL: func.func @first(%arg0: !host.ptr) -> f32 {
// CHECK-LABEL: func.func @host(%arg0: !host.ptr) -> f32 {
float host(const float *__restrict__ p) { return first(p); }

// PTX: .visible .entry k(
// PTX: .visible .entry plain(
