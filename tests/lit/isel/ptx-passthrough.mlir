// ptx instructions in device code (as the PTX importer writes them for
// instructions without a device/arith/math equivalent) are selected as
// themselves: same op, same modifiers and attributes, operands replaced by
// their registers; a symbol names the device.shared that becomes a
// ptx.shared of the same name, so 32-bit shared addresses survive. A mov of
// a per-thread special register (%laneid) is a divergence source, so a
// branch on it is not bra.uni; one of %ctaid is uniform. The PTX text is
// assembled by ptxas for sm_80 and sm_90 (lit harness).
// RUN: lockstep-opt %s -p 'builtin.module(convert-device-to-ptx)' | FileCheck %s
// RUN: lockstep-translate --ptx %s | FileCheck %s --check-prefix=PTX

// CHECK-LABEL: ptx.module @m
// CHECK-NEXT: ptx.shared @tile {align = 4 : i64, size = 1024 : i64}
// CHECK-LABEL: ptx.entry @k(i64, i32)
// CHECK:      %[[A:.*]] = ptx.ld param.u64 [param 0] : i64
// CHECK-NEXT: %[[N:.*]] = ptx.ld param.u32 [param 1] : i32
// CHECK-NEXT: %[[G:.*]] = ptx.cvta to.global.u64 %[[A]] : i64
// CHECK-NEXT: %[[T:.*]] = ptx.mov u32 %tid.x : i32
// CHECK-NEXT: %[[C7:.*]] = ptx.mov b32 7 : i32
// CHECK-NEXT: %[[P:.*]] = ptx.prmt b32.f4e %[[T]], %[[N]], %[[C7]] : i32
// CHECK-NEXT: %[[S:.*]] = ptx.mov u32 @tile : i32
// CHECK:      ptx.st shared.u32 [%[[ADDR:.*]]], %[[P]] : i32
// CHECK-NEXT: ptx.bar sync 0
// CHECK-NEXT: %[[V:.*]] = ptx.ld shared.u32 [%[[S]] + 4] : i32
// CHECK-NEXT: %[[L:.*]] = ptx.lop3 b32 %[[V]], %[[T]], %[[N]], 150 : i32
// CHECK-NEXT: %[[LANE:.*]] = ptx.mov u32 %laneid : i32
// CHECK:      ptx.bra %{{.*}}, ^bb1, ^bb2
// CHECK:      ptx.atom global.sys.add.u32 [%[[G]]], %[[L]] : i64, i32 -> i32
// CHECK:      %[[M:.*]] = ptx.activemask b32 : i32
// CHECK-NEXT: ptx.red global.add.u32 [%[[G]] + 4], %[[M]] : i64, i32
// CHECK-NEXT: %[[B:.*]] = ptx.mov u32 %ctaid.x : i32
// CHECK:      ptx.bra uni %{{.*}}, ^bb3, ^bb4
// CHECK:      %[[CNT:.*]] = ptx.bar red.popc.u32 %{{.*}}, %{{.*}} : i32, i1 -> i32
// CHECK:      ptx.st global.u32 [%[[G]] + 8], %[[CNT]] : i64, i32

// PTX-LABEL: .visible .entry k(
// PTX:      prmt.b32.f4e 	%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, 7;
// PTX-NEXT: mov.u32 	%r[[S:[0-9]+]], tile;
// PTX:      st.shared.u32 	[%r{{[0-9]+}}], %r{{[0-9]+}};
// PTX-NEXT: bar.sync 	0;
// PTX-NEXT: ld.shared.u32 	%r{{[0-9]+}}, [%r[[S]]+4];
// PTX-NEXT: lop3.b32 	%r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, %r{{[0-9]+}}, 150;
// PTX-NEXT: mov.u32 	%r{{[0-9]+}}, %laneid;
// PTX:      @{{!?}}%p{{[0-9]+}} bra 	$L__BB0_
// PTX:      atom.global.sys.add.u32
// PTX:      activemask.b32
// PTX-NEXT: red.global.add.u32
// PTX-NEXT: mov.u32 	%r{{[0-9]+}}, %ctaid.x;
// PTX:      @{{!?}}%p{{[0-9]+}} bra.uni 	$L__BB0_
// PTX:      bar.red.popc.u32 	%r{{[0-9]+}}, 0, %p{{[0-9]+}};
device.module @m {
  device.shared @tile[1024] align 4
  device.kernel @k(%a: i64, %n: i32) {
    %g = ptx.cvta to.global.u64 %a : i64
    %t = device.thread_id x : i32
    %c7 = arith.constant 7 : i32
    %p = ptx.prmt b32.f4e %t, %n, %c7 : i32
    %s = ptx.mov u32 @tile : i32
    %four = arith.constant 4 : i32
    %off = arith.muli %t, %four : i32
    %addr = arith.addi %s, %off : i32
    ptx.st shared.u32 [%addr], %p : i32, i32
    ptx.bar sync 0
    %v = ptx.ld shared.u32 [%s + 4] : i32
    %l = ptx.lop3 b32 %v, %t, %n, 0x96 : i32
    %lane = ptx.mov u32 %laneid : i32
    %z = arith.constant 0 : i32
    %first = arith.cmpi eq, %lane, %z : i32
    cf.cond_br %first, ^bb1, ^bb2
  ^bb1:
    %old = ptx.atom global.sys.add.u32 [%g], %l : i64, i32 -> i32
    cf.br ^bb2
  ^bb2:
    %m = ptx.activemask b32 : i32
    ptx.red global.add.u32 [%g + 4], %m : i64, i32
    %b = ptx.mov u32 %ctaid.x : i32
    %b0 = arith.cmpi eq, %b, %z : i32
    cf.cond_br %b0, ^bb3, ^bb4
  ^bb3:
    %q = arith.cmpi ult, %t, %n : i32
    %cnt = ptx.bar red.popc.u32 %z, %q : i32, i1 -> i32
    ptx.st global.u32 [%g + 8], %cnt : i64, i32
    cf.br ^bb4
  ^bb4:
    device.return
  }
}
