// A ptxas rejection names the offending PTX line and quotes it. Here the
// module asks for a .version too old for its .target.
// RUN: not lockstep-translate --ptx --verify-ptx --sm=sm_90 %s 2>&1 | FileCheck %s

// CHECK: <stdout>.ptx:6:1: error: ptxas rejected the PTX for sm_90: {{.*}}line 6; error {{.*}}.version 7.0 does not support .target sm_90
// CHECK-NEXT: .target sm_90
module {
  ptx.module @m attributes {target = "sm_90", version = "7.0"} {
    ptx.entry @k() {
      ptx.ret
    }
  }
}
