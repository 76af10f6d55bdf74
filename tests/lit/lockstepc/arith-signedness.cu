// Signed and unsigned C operators map to arith's signed and unsigned ops;
// the usual arithmetic conversions insert explicit casts.
// RUN: lockstepc %s | FileCheck %s

// CHECK-LABEL: func.func @ops
int ops(int a, unsigned b, long long c, float f, double d) {
  // CHECK: arith.divsi %arg0
  int q = a / 3;
  // CHECK: arith.divui
  unsigned r = b / 3u;
  // CHECK: arith.remsi
  q += a % 5;
  // CHECK: arith.remui
  r += b % 5;
  // CHECK: arith.shrsi
  q = a >> 1;
  // CHECK: arith.shrui
  r = b >> 1;
  // int compared with unsigned is an unsigned compare.
  // CHECK: arith.cmpi ult, %arg0, %arg1
  if (a < b) q++;
  // CHECK: arith.extsi %{{.*}} : i32 to i64
  c = c + a;
  // CHECK: arith.extui %{{.*}} : i32 to i64
  c = c + b;
  // CHECK: arith.sitofp %{{.*}} : i32 to f32
  f = f * a;
  // CHECK: arith.uitofp %{{.*}} : i32 to f32
  f = f + b;
  // CHECK: arith.extf %{{.*}} : f32 to f64
  d = d + f;
  // CHECK: arith.fptosi %{{.*}} : f64 to i32
  q = (int)d;
  // CHECK: arith.trunci %{{.*}} : i64 to i32
  q = q + (int)c;
  // CHECK: arith.cmpf olt
  if (f < 1.0f) q--;
  // No fast-math flags anywhere.
  // CHECK-NOT: fastmath<fast>
  return q + (int)r;
}
